import Foundation

protocol Clock: AnyObject, Sendable {
    func now() -> Date
}

final class SystemClock: Clock {
    func now() -> Date { Date(timeIntervalSince1970: 1_700_000_000) }
}

struct Note: Equatable {
    var text: String
    var written: Date
}

protocol NoteStore: AnyObject {
    func add(_ text: String)
    var notes: [Note] { get }
}

final class InMemoryNoteStore: NoteStore {
    private let clock: Clock
    private(set) var notes: [Note] = []

    init(clock: Clock) {
        self.clock = clock
    }

    func add(_ text: String) {
        notes.append(Note(text: text, written: clock.now()))
    }
}

final class NotesService {
    let store: NoteStore
    let appName: String

    init(store: NoteStore, appName: String) {
        self.store = store
        self.appName = appName
    }

    func summary() -> String {
        "\(appName): \(store.notes.count) note\(store.notes.count == 1 ? "" : "s")"
    }
}
