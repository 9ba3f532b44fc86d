import DigraphCore
import DigraphSwiftGen
import Foundation
import Testing

/// The generated plain container, compiled with `-swift-version 6 -warnings-as-errors` against stubs
/// of the manifest's types, and run: each program checks one fixture's behaviour and prints the
/// checks it made, which must all pass.
@Suite(.serialized)
struct PlainContainerBehaviourTests {
    func run(_ paths: [String], program: String, name: String) throws -> [String] {
        let plan = try GeneratedCodeRunner.plan(paths)
        let container = PlainContainerGenerator(plan: plan, sources: paths).generate()
        let stubs = StubWriter(plan: plan).write()
        let result = try GeneratedCodeRunner.compileAndRun(
            files: ["Container.swift": container, "Stubs.swift": stubs, "main.swift": GeneratedCodeRunner.checks + program + "\nexit(failures == 0 ? 0 : 1)\n"],
            name: name)
        #expect(result.compiled, "compiler said:\n\(result.compilerOutput)\n--- stubs ---\n\(stubs)")
        #expect(result.status == 0, "\(result.output)")
        return result.output.split(separator: "\n").map(String.init)
    }

    @Test func popcorn() throws {
        let output = try run(["fixtures/popcorn/manifest.yaml"], program: """
        let container = PopcornContainer(keychainServiceString: "com.popcorn.keychain")

        // Resolving one screen builds what it needs and nothing else.
        let movies = container.movieListViewController()
        check(MovieRepository.instances == 1 && TokenRepository.instances == 1, "a root builds its dependencies")
        check(LoginRepository.instances == 0 && SocialLoginRepository.instances == 0 && SignUpRepository.instances == 0,
              "unrelated singletons are not constructed")

        // Singletons are shared, transients are fresh.
        check(container.networkManagerProtocol() === container.networkManagerProtocol(), "singletons are identical across calls")
        check(container.loginViewModel() !== container.loginViewModel(), "transients are distinct")
        check(movies.viewModel !== container.movieListViewModel(), "a transient view model is fresh per screen")
        check((container.keychainManagerProtocol() as! KeychainManager).service == "com.popcorn.keychain", "supplied values arrive")

        // Lazy dependencies resolve when called, not before.
        let login = container.loginViewController()
        check(SignUpViewController.instances == 0, "a lazy dependency is not built with its holder")
        let signUp = login.makeSignUp()
        check(SignUpViewController.instances == 1 && signUp !== login.makeSignUp(), "a lazy closure resolves late, each call")

        // Overrides replace a registration before its first use, without touching the generated file.
        final class MockLoginRepository: LoginRepositoryProtocol {}
        let tested = PopcornContainer(keychainServiceString: "test")
        let mock = MockLoginRepository()
        tested.overrides.loginRepositoryProtocol = { _ in mock }
        let useCase = tested.loginUseCaseProtocol() as! LoginUseCase
        check(useCase.loginRepository === mock, "an override replaces the registration")
        check(tested.loginRepositoryProtocol() === mock, "an overridden singleton is still shared")
        """, name: "popcorn")
        #expect(output.count == 10)
    }
}
