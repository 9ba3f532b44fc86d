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

    /// A hand-rolled container: its type, how the app fills it, and how a key is read back.
    public struct HandRolled: Sendable, Equatable {
        public var containerType: String
        /// Swift lines that build and fill the container as the app does (`let container =
        /// DependencyContainer()`, `Registrations.registerAll(in: container)`), the last `return
        /// container`; an editor placeholder where the sources do not say.
        public var makeContainer: [String]
        /// The resolve method for a key without a name: its name, the metatype's label, and whether
        /// a miss gives nil (else it stops the app).
        public var resolve: (name: String, label: String?, givesNil: Bool)?
        /// The resolve method that takes a name too, with the name parameter's label.
        public var namedResolve: (name: String, label: String?, nameLabel: String?, givesNil: Bool)?

        public init(
            containerType: String, makeContainer: [String], resolve: (name: String, label: String?, givesNil: Bool)?,
            namedResolve: (name: String, label: String?, nameLabel: String?, givesNil: Bool)?
        ) {
            self.containerType = containerType
            self.makeContainer = makeContainer
            self.resolve = resolve
            self.namedResolve = namedResolve
        }

        public static func == (lhs: HandRolled, rhs: HandRolled) -> Bool {
            lhs.containerType == rhs.containerType && lhs.makeContainer == rhs.makeContainer
                && lhs.resolve.map { "\($0)" } == rhs.resolve.map { "\($0)" } && lhs.namedResolve.map { "\($0)" } == rhs.namedResolve.map { "\($0)" }
        }
    }

    /// The hand-rolled container, when the app registers through one.
    public var handRolled: HandRolled?

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
            && lhs.factoryModule == rhs.factoryModule && lhs.handRolled == rhs.handRolled
    }
}
