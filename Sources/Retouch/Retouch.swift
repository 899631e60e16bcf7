// The retouch tool's core: wire and object masks, the guided fill, and the non-destructive edit stack. No HTTP.
