// After a big piece of work (a full-size export), the memory it freed is handed back to the system.
#if canImport(Glibc)
import Glibc

/// glibc's `malloc_trim` (declared in <malloc.h>, which the Glibc module does not bring in), found at run time.
private let mallocTrim: (@convention(c) (Int) -> Int32)? = dlsym(nil, "malloc_trim").map {
    unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self)
}
#endif

public enum FreedMemory {
    /// glibc keeps memory freed in its arenas for reuse, so a server's resident size stays at its peak after one
    /// 48-MP export; `malloc_trim` returns the free pages. Elsewhere this does nothing.
    public static func returnToSystem() {
        #if canImport(Glibc)
        _ = mallocTrim?(0)
        #endif
    }
}
