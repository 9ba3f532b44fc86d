// Written once by `digraph gen-swift --target tests`; digraph never overwrites it: it is yours.
// ResolveAllTests.swift (generated) asks it for what the app's sources cannot tell.

import Swinject

@testable import App

enum ResolveAllSetup {
    /// The app builds CheckoutAssembly from values: build it here as the app does.
    static func checkoutAssembly() -> CheckoutAssembly {
        CheckoutAssembly(currency: "EUR")  // as the app's Assembler builds it
    }

    /// The runtime arguments to resolve each registration that takes some with, as the app
    /// passes them: one value, or a tuple for several. A key left out here is not tested.
    static func arguments(for key: String) -> Any? {
        switch key {
        // case "CheckoutViewModel": return <#String#>
        default: return nil
        }
    }
}
