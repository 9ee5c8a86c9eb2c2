package import Analyzer

extension Finding {
    /// The evidence as a compact JSON object in its order (`{"yMin": 82.5, "yMax": 86.0}`), the
    /// same spelling as the JSON report's `details`: for the database's `findings.details` column.
    package var detailsJSON: String {
        var output = ""
        detailsValue.write(to: &output, indent: 0, compact: true)
        return output
    }

    /// The evidence as the ordered JSON object reports call `details`.
    var detailsValue: JSONValue {
        JSONValue.object(evidence.fields.map { field in
            switch field.value {
            case .integer(let number): (field.key, .integer(number))
            case .number(let number): (field.key, .number(number))
            case .string(let text): (field.key, .string(text))
            }
        })
    }
}
