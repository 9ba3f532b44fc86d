// AppContainer is not in this folder: the DigraphGenerate plugin writes it from App.digraph.yaml
// at build time.
let container = AppContainer(string_appName: "Notes")
let first = container.notesService()
let second = container.notesService()
first.store.add("buy milk")
second.store.add("call Ada")

// NotesService is transient, NoteStore a singleton: two services, one store.
precondition(first !== second, "a transient gives a new NotesService each time")
precondition(first.store === second.store, "the singleton NoteStore is shared")
print(second.summary())
