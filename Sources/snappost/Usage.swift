// The top-level help text.
enum Usage {
    static let text = """
        usage: snappost [serve] [options]        serve the web app (default)
               snappost ocr PHOTO [--json] [--lang eng+fra] [--debug-dir DIR]
               snappost eval DIR [--lang eng]
               snappost shelf PHOTO [--json] [--audio OUT.wav] [--debug-dir DIR]
               snappost password [set]                 print or choose the login password
               snappost backup FILE                    the data folder in one file (while the server runs)
               snappost restore FILE [--force]         a backup into an empty data folder
               snappost posts --text-file F [--book T] [--author A] [--provider offline|openai] [--json]
               snappost retouch fill PHOTO MASK OUT | retouch wire PHOTO --tap X,Y --out MASK

        Run `snappost serve --help` for every configuration key.
        """
}
