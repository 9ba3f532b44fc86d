/// How the app builds its container, read from its Swift sources: what a test needs to build the
/// same container (`gen-swift --target tests`). A manifest does not say it.
public struct ContainerRecipe: Sendable, Equatable {
    public enum Library: String, Sendable {
        case swinject, factory
        case handRolled = "hand-rolled"
    }

    /// A Swinject assembly the app applies to its container.
    public struct Assembly: Sendable, Equatable {
        public var type: String
        /// `Type()` builds it (no initializer parameter, or only defaulted ones); otherwise the
        /// test asks the team's setup file for it.
        public var buildsWithoutArguments: Bool
        /// The expression the app's own `Assembler([…])` builds it with, when it is one line.
        public var asTheAppBuildsIt: String?

        public init(type: String, buildsWithoutArguments: Bool, asTheAppBuildsIt: String? = nil) {
            self.type = type
            self.buildsWithoutArguments = buildsWithoutArguments
            self.asTheAppBuildsIt = asTheAppBuildsIt
        }
    }

    /// The libraries the app's registrations are made through, each with how many.
    public var libraries: [(library: Library, registrations: Int)]
    /// Swinject: the assemblies the app's container applies, in the order their registrations run.
    public var assemblies: [Assembly]
    /// Swinject: registrations made outside every assembly (on a container directly), which a
    /// container built from the assemblies does not hold.
    public var registeredOutsideAssemblies: [SourceLocation]
    /// Factory: the module the app imports the library as (`Factory` or `FactoryKit`).
    public var factoryModule: String?

    public init(
        libraries: [(library: Library, registrations: Int)], assemblies: [Assembly] = [], registeredOutsideAssemblies: [SourceLocation] = [],
        factoryModule: String? = nil
    ) {
        self.libraries = libraries
        self.assemblies = assemblies
        self.registeredOutsideAssemblies = registeredOutsideAssemblies
        self.factoryModule = factoryModule
    }

    public static func == (lhs: ContainerRecipe, rhs: ContainerRecipe) -> Bool {
        lhs.libraries.map(\.library) == rhs.libraries.map(\.library) && lhs.libraries.map(\.registrations) == rhs.libraries.map(\.registrations)
            && lhs.assemblies == rhs.assemblies && lhs.registeredOutsideAssemblies == rhs.registeredOutsideAssemblies
            && lhs.factoryModule == rhs.factoryModule
    }
}
