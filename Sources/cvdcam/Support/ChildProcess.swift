import CVDSystem
import Dispatch
import Glibc

/// Runs a program with bytes fed to its standard input, its standard output discarded
/// and its standard error collected (what `cvdcam bench --ffmpeg` needs; Foundation's
/// Process is not linked). posix_spawn, so nothing runs in the child between fork and exec.
struct ChildProcess {
    let executable: String
    let arguments: [String]

    /// Spawns the program, calls `feed` with a writer for its stdin (returns false once the
    /// program stopped reading), closes stdin, waits. Returns the exit status and stderr.
    func run(feed: ((UnsafeRawBufferPointer) -> Bool) -> Void) throws -> (status: Int32, stderr: [UInt8]) {
        var input: [Int32] = [0, 0]
        var errors: [Int32] = [0, 0]
        guard pipe(&input) == 0 else { throw CLIError("cannot start \(executable): \(Self.errnoText())") }
        guard pipe(&errors) == 0 else {
            close(input[0])
            close(input[1])
            throw CLIError("cannot start \(executable): \(Self.errnoText())")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        for fd in input + errors { posix_spawn_file_actions_addclose(&actions, fd) }

        // argv as C strings: strdup'd copies that live until posix_spawn has returned.
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        close(input[0])
        close(errors[1])
        guard spawned == 0 else {
            close(input[1])
            close(errors[0])
            throw CLIError("cannot start \(executable): \(String(cString: strerror(spawned)))")
        }

        // Read stderr on its own thread, so the child never blocks on a full pipe.
        let collected = Collected()
        let done = DispatchSemaphore(value: 0)
        let errorsFD = errors[0]
        DetachedThread.start(name: "cvdcam stderr") {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = read(errorsFD, &buffer, buffer.count)
                if n > 0 { collected.append(buffer[0..<n]) } else if n < 0, errno == EINTR { continue } else { break }
            }
            close(errorsFD)
            done.signal()
        }
        // A child that stops reading must not kill us with SIGPIPE: writes then fail with EPIPE.
        let previous = signal(SIGPIPE, SIG_IGN)
        feed { bytes in Self.writeAll(input[1], bytes) }
        close(input[1])
        signal(SIGPIPE, previous)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        done.wait()
        // WIFEXITED / WEXITSTATUS are macros Swift does not import: low 7 bits 0 = exited.
        let exitStatus = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (exitStatus, collected.bytes)
    }

    private static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }

    /// What the reader thread collected.
    private final class Collected: Sendable {
        private let storage = LockedBytes()
        func append(_ b: ArraySlice<UInt8>) { storage.append(b) }
        var bytes: [UInt8] { storage.value }
    }
}

/// Bytes behind a lock (the stderr reader writes, the caller reads after it ended).
private final class LockedBytes: @unchecked Sendable {
    // @unchecked: `bytes` is only touched with `lock` held.
    private let lock = Lock()
    private var bytes: [UInt8] = []
    func append(_ b: ArraySlice<UInt8>) { lock.withLock { bytes += b } }
    var value: [UInt8] { lock.withLock { bytes } }
}
