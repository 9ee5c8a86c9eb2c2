package import Analyzer

extension Finding {
    /// The details as a compact JSON object in their order (`{"yMin": 82.5, "yMax": 86.0}`), the
    /// same spelling as the JSON report: for the database's `findings` table.
    package var detailsJSON: String {
        var output = ""
        detailsValue.write(to: &output, indent: 0, compact: true)
        return output
    }

    /// The details as an ordered JSON object.
    var detailsValue: JSONValue {
        JSONValue.object(details.map { detail in
            switch detail.value {
            case .integer(let number): (detail.key, .integer(number))
            case .number(let number): (detail.key, .number(number))
            case .string(let text): (detail.key, .string(text))
            }
        })
    }
}
