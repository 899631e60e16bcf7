// Unguessable identifiers for scans, generations, history items and sessions.

public enum RandomID {
    /// 128 random bits as 22 URL-safe characters.
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var bits = (generator.next() as UInt64, generator.next() as UInt64)
        var out = ""
        for index in 0..<22 {
            let word = index < 11 ? bits.0 : bits.1
            out.append(alphabet[Int(word & 63)])
            if index < 11 { bits.0 >>= 6 } else { bits.1 >>= 6 }
        }
        return out
    }

    /// Whether a string could be one of ours; anything else is rejected before it reaches SQL.
    public static func isWellFormed(_ value: some StringProtocol) -> Bool {
        value.utf8.count == 22
            && value.utf8.allSatisfy { byte in
                (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) || byte == 45 || byte == 95
            }
    }
}
