package import Analyzer

extension Finding {
    /// The evidence as a compact JSON object in its order (`{"yMin": 82.5, "yMax": 86.0}`), the
    /// same spelling as the JSON report's `details`: for the database's `findings.details` column.
    package var detailsJSON: String {
        var output: [UInt8] = []
        appendDetails(to: &output, indent: 0, compact: true)
        return String(decoding: output, as: UTF8.self)
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

    /// The bytes ``detailsValue`` writes at `indent`, written straight from the fields: a session
    /// flapping throughout has a finding every few hundred samples. Its members are values, so it
    /// goes on one line up to four of them (``JSONValue``'s layout), else one member per line.
    func appendDetails(to output: inout [UInt8], indent: Int, compact: Bool) {
        let fields = evidence.fields
        let oneLine = compact || fields.count <= 4
        output.append(UInt8(ascii: "{"))
        for (index, field) in fields.enumerated() {
            if oneLine {
                if index > 0 {
                    output.append(UInt8(ascii: ","))
                    output.append(UInt8(ascii: " "))
                }
            } else {
                output.append(contentsOf: (index > 0 ? ",\n" : "\n").utf8)
                output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent + 2))
            }
            JSONValue.appendQuoted(field.key, to: &output)
            output.append(UInt8(ascii: ":"))
            output.append(UInt8(ascii: " "))
            switch field.value {
            case .integer(let number): output.append(contentsOf: String(number).utf8)
            case .number(let number): JSONValue.appendDouble(number, to: &output)
            case .string(let text): JSONValue.appendQuoted(text, to: &output)
            }
        }
        if !oneLine {
            output.append(UInt8(ascii: "\n"))
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
        }
        output.append(UInt8(ascii: "}"))
    }
}
