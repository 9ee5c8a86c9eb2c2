package import Analyzer

extension Finding {
    /// The evidence as a compact JSON object in its order (`{"yMin": 82.5, "yMax": 86.0}`), the
    /// same spelling as the JSON report's `details`: for the database's `findings.details` column.
    package var detailsJSON: String {
        var bytes = JSONBytes(capacity: 128)
        appendDetails(to: &bytes, indent: 0, compact: true)
        return bytes.string
    }

    /// The evidence as the ordered JSON object reports call `details` (SARIF's tree takes it).
    var detailsValue: JSONValue {
        JSONValue.object(evidence.fields.map { field in
            switch field.value {
            case .integer(let number): (field.key, .integer(number))
            case .number(let number): (field.key, .number(number))
            case .string(let text): (field.key, .string(text))
            }
        })
    }

    /// The bytes ``detailsValue`` writes, in its layout, without building the tree: a session
    /// flapping throughout has a finding every few hundred samples, and the tree's boxes cost
    /// more than its text, twice a finding (stored and reported).
    func appendDetails(to output: inout JSONBytes, indent: Int, compact: Bool) {
        let fields = evidence.fields
        // The members are numbers and strings, never arrays or objects.
        JSONValue.writeContainer(
            to: &output, indent: indent, oneLine: compact || fields.count <= JSONValue.inlineMembers, open: UInt8(ascii: "{"),
            close: UInt8(ascii: "}"), count: fields.count
        ) { index, output, _ in
            JSONValue.appendKey(fields[index].key, to: &output)
            switch fields[index].value {
            case .integer(let number): output.appendInteger(number)
            case .number(let number): output.appendDouble(number)
            case .string(let text): output.appendQuoted(text)
            }
        }
    }
}
