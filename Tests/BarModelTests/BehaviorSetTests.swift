import Testing
@testable import BarModel

@Suite("BehaviorSet composition")
struct BehaviorSetTests {
    @Test("two title presenters are rejected, naming both", arguments: [
        (["largeTitle", "blurHeader"], "largeTitle and blurHeader cannot be combined"),
        (["largeTitle", "customTitle"], "largeTitle and customTitle cannot be combined"),
        (["customTitle", "blurHeader"], "customTitle and blurHeader cannot be combined"),
    ])
    func twoPresenters(names: [String], message: String) {
        #expect {
            _ = try BehaviorSet(names.map { ($0, []) })
        } throws: { error in
            (error as? BehaviorError).map { "\($0)".contains(message) } ?? false
        }
    }

    @Test("avatar without largeTitle is rejected with the reason")
    func avatarAlone() {
        #expect(throws: BehaviorError.invalidCombination(
            "avatar needs largeTitle: the avatar's size and position follow the large-title bar's height")) {
            _ = try BehaviorSet([("avatar", []), ("hideOnSwipe", [])])
        }
    }

    @Test("an unknown behaviour names the known ones and suggests the closest")
    func unknownBehavior() {
        let error = BehaviorError.unknownBehavior("blurHeadr")
        #expect(throws: error) { _ = try BehaviorSet([("blurHeadr", [])]) }
        #expect(error.description ==
            "unknown behaviour 'blurHeadr'; known: largeTitle, avatar, customTitle, hideOnSwipe, blurHeader, dropdownTitle (did you mean 'blurHeader'?)")
    }

    @Test("an unknown parameter suggests the closest one")
    func unknownParameter() {
        #expect {
            _ = try BehaviorSet([("largeTitle", [("hysterisis", .number(1))])])
        } throws: { error in
            "\(error)" == "unknown parameter 'hysterisis' for largeTitle; known: largeHeight, smallHeight, hysteresis (did you mean 'hysteresis'?)"
        }
    }

    @Test("a value of the wrong type says what is expected", arguments: [
        ("largeTitle", "largeHeight", ParameterValue.string("big"), "largeTitle.largeHeight must be a finite number > 0"),
        ("hideOnSwipe", "onTap", .number(1), "hideOnSwipe.onTap must be true or false"),
        ("dropdownTitle", "subtitle", .number(3), "dropdownTitle.subtitle must be a string or null"),
        ("dropdownTitle", "title", .null, "dropdownTitle.title must be a string"),
        ("blurHeader", "hysteresis", .number(-1), "blurHeader.hysteresis must be a finite number >= 0"),
    ])
    func wrongType(behavior: String, parameter: String, value: ParameterValue, message: String) {
        #expect {
            _ = try BehaviorSet([(behavior, [(parameter, value)])])
        } throws: { error in
            "\(error)" == message
        }
    }

    @Test("largeTitle with avatar, hideOnSwipe and dropdownTitle compose")
    func validCombination() throws {
        let set = try BehaviorSet([("dropdownTitle", []), ("avatar", []), ("hideOnSwipe", []), ("largeTitle", [])])
        #expect(set.enabledNames == ["largeTitle", "avatar", "hideOnSwipe", "dropdownTitle"])
        #expect(set.titlePresentations == [.large, .inline])
    }
}
