// Makes sure OMP_THREAD_LIMIT=1 is in force before Tesseract loads; OpenMP reads it only at process start.
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum ProcessEnvironment {
    /// Tesseract's OpenMP threads fight each other and our worker pool: a page is 7–8× slower without this.
    /// When the variable is missing, the binary re-executes itself with it set; `SNAPPOST_OMP_REEXEC=0` opts out
    /// (used by the benchmark that measures the difference).
    public static func ensureSingleThreadedTesseract() {
        let env = ProcessInfo.processInfo.environment
        guard env["OMP_THREAD_LIMIT"] == nil, env["SNAPPOST_OMP_REEXEC"] != "0" else { return }
        setenv("OMP_THREAD_LIMIT", "1", 1)
        guard let executable = executablePath() else { return }
        var argv: [UnsafeMutablePointer<CChar>?] = CommandLine.arguments.map { strdup($0) }
        argv.append(nil)
        execv(executable, argv)
        // execv only returns on failure: carry on in this process; the variable is set for any children.
        for pointer in argv { free(pointer) }
    }

    static func executablePath() -> String? {
        #if os(Linux)
        return (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        #else
        return Bundle.main.executablePath
        #endif
    }
}
