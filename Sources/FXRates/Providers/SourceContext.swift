/// What the sources read through: the network, the fetcher and reader of the ECB's files, and the clock.
public struct SourceIO: Sendable {
    public let transport: any HTTPTransport
    public let ecbFiles: any ECBFileFetcher
    public let clock: any WallClock

    public init(transport: any HTTPTransport, ecbFiles: any ECBFileFetcher, clock: any WallClock = SystemClock()) {
        self.transport = transport
        self.ecbFiles = ecbFiles
        self.clock = clock
    }
}

/// What one source is built from: its URL, key and option as configured, and the shared I/O.
public struct SourceContext: Sendable {
    /// The configured URL, or the source's own.
    public let url: URL
    public let key: String?
    /// What its `SourceOption` read from the config, nil when nothing usable was given.
    public let option: (any Sendable)?
    /// Seconds a whole request may take.
    public let timeout: TimeInterval
    public let io: SourceIO

    public init(url: URL, key: String? = nil, option: (any Sendable)? = nil, timeout: TimeInterval = 15, io: SourceIO) {
        (self.url, self.key, self.option, self.timeout, self.io) = (url, key, option, timeout, io)
    }

    public var transport: any HTTPTransport { io.transport }
    public var clock: any WallClock { io.clock }
}
