// The shop's wiring, read by the DigraphCheck plugin at build time: the store is registered as a
// value and built with the clock it resolves then, so it keeps that one clock for its whole life
// (a captive dependency, reported as a warning on the line below that resolves it).
public final class Clock {
    public init() {}
}

public final class Store {
    public let clock: Clock
    public init(clock: Clock) { self.clock = clock }
}

public enum Wiring {
    public static func registerAll(in container: Container) {
        container.register(Clock.self) { Clock() }
        container.register(Store.self, instance: Store(clock: container.resolve(Clock.self)))
    }
}
