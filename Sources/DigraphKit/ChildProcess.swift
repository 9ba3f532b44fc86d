import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs another program to its end: what it printed on standard output and standard error, and how
/// it exited. `git` for `diff --base`, and digraph itself for a picture's layout.
public enum ChildProcess {
    public struct Finished: Sendable {
        public var output: Data
        public var errors: Data
        /// The exit status; nil when a signal ended it.
        public var status: Int32?
    }

    /// Runs `program` (a name looked up on PATH, or a path) with `arguments`, handing it `input` on
    /// standard input (else /dev/null). Throws only when it cannot be started: the reason.
    public static func run(_ program: String, _ arguments: [String], input: Data? = nil) throws(Failure) -> Finished {
        // posix_spawn and waitpid, not Foundation's Process: on Linux it notices a child's exit
        // late (docs/performance.md, "Thresholds in the code").
        var output: [Int32] = [0, 0], errors: [Int32] = [0, 0], request: [Int32] = [0, 0]
        guard pipe(&output) == 0, pipe(&errors) == 0, pipe(&request) == 0 else { throw Failure(description: "no pipe") }
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if input == nil {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        } else {
            posix_spawn_file_actions_adddup2(&actions, request[0], 0)
        }
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        for descriptor in [output[0], output[1], errors[0], errors[1], request[0], request[1]] {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, program, &actions, nil, argv, environ)
        for descriptor in [output[1], errors[1], request[0]] { close(descriptor) }
        guard spawned == 0 else {
            for descriptor in [output[0], errors[0], request[1]] { close(descriptor) }
            throw Failure(description: String(cString: strerror(spawned)))
        }
        // Write stdin and read stderr beside stdout (a plain dispatch queue, not the cooperative
        // pool), so that no pipe fills up and stalls the child.
        let errorBytes = ErrorBytes()
        let group = DispatchGroup()
        let writer = request[1], errorReader = errors[0]
        if let input {
            DispatchQueue.global().async(group: group) {
                FileHandle(fileDescriptor: writer, closeOnDealloc: true).write(input)
            }
        } else {
            close(writer)
        }
        DispatchQueue.global().async(group: group) {
            errorBytes.data = FileHandle(fileDescriptor: errorReader, closeOnDealloc: true).readDataToEndOfFile()
        }
        let bytes = FileHandle(fileDescriptor: output[0], closeOnDealloc: true).readDataToEndOfFile()
        group.wait()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        // WIFEXITED and WEXITSTATUS, spelled out (Glibc's macros are not imported).
        return Finished(output: bytes, errors: errorBytes.data, status: status & 0x7f == 0 ? (status >> 8) & 0xff : nil)
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }
}

private final class ErrorBytes: @unchecked Sendable {
    var data = Data()
}
