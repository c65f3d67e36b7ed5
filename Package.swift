// swift-tools-version:6.0
import PackageDescription

// The layers are visible in the targets (CONTRIBUTING.md describes them):
//   FXPlatform: files, locks, atomic writes, the JSON scanner, threads, clock (no fx knowledge)
//   FXModel:    the vocabulary: money, currencies, the calendar, the rate model
//   FXCommands: line → tokens → command   (grammar, parser, messages; links FXModel alone)
//   FXRates:    command's question → rate answer (providers, HTTP, caches, services)
//   FXAnswers:  what a line's answer is (outcome, failure, log entry), made by FXEngine's executor
//   FXRender:   outcome → text | JSON
//   FXEngine:   command → outcome: executor, calculator, CSV statements, the quick lane (no terminal)
//   FXShell:    modes (one-shot, script, prompt), line input, settings and config, source wiring
//   fx:         chooses the mode and wires the real clock, network and files
// Concrete generic types are reached through direct metadata accessors rather than mangled names
// that the runtime demangles on first use, checking each generic requirement by scanning every
// protocol conformance record in the binary. Each flag was measured alone (callgrind, one-shot
// answer from a warm cache) and is kept for its figure: see Benchmarks/README.md, "What each
// fast path is worth".
let startup: [SwiftSetting] = [
    .unsafeFlags(
        ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors", "-cross-module-optimization"],
        .when(configuration: .release)),
    // Each function in a section of its own, so that the linker can place it (below).
    .unsafeFlags(["-Xfrontend", "-function-sections"], .when(platforms: [.linux], configuration: .release)),
]

// The static fx on Linux is linked by lld (shipped with Swift), which lays out first the functions
// a one-shot answer runs, listed in Scripts/startup-order.txt (`Scripts/instruction-budget
// --write-order` makes it from callgrind; the budget check fails when it no longer covers the
// functions run). They are about 0.8 MB spread over the 17 MB of text; together they take a few
// dozen page faults instead of a hundred: 0.47x units -> 0.41x for `fx convert 100 usd eur` with
// the binary read back from disk (Benchmarks/README.md, "The start-up order").
let startupOrder = [
    "-use-ld=lld", "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Scripts/startup-order.txt",
    "-Xlinker", "--no-warn-symbol-ordering",
]

// fx-fetch is synchronous and needs no regex: without the modules Swift imports implicitly, its
// static build links neither the concurrency runtime (with libdispatch) nor _StringProcessing.
let helperOnly: [SwiftSetting] = [
    .unsafeFlags([
        "-Xfrontend", "-disable-implicit-concurrency-module-import", "-Xfrontend", "-disable-implicit-string-processing-module-import",
    ])
]

let package = Package(
    name: "fx",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "fx", targets: ["fx"]),
        .executable(name: "fx-fetch", targets: ["FXFetch"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The tests build the ECB's zipped history with it (fx-fetch reads zips with zlib alone).
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        // fx runs its network helper through swift-subprocess (FXPlatform's ChildProcess, with the
        // figures that decided it); FileDescriptor, FilePath and Errno come from swift-system, which
        // it builds on, and are not used for fx's own files (PlainFile.swift says why).
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    ],
    targets: [
        .executableTarget(
            name: "fx",
            dependencies: [
                "FXShell", "FXAnswers", "FXRender", "FXRates", "FXCLI",
            ],
            swiftSettings: startup,
            // A static executable on Linux: no dynamic loader at start. A PIE spent a third of a
            // one-shot answer applying relocations, and even a position-dependent binary spent much
            // of the rest binding libstdc++'s symbols; a dynamic fx (Swift libraries still static)
            // misses the one-shot target (Benchmarks/README.md, "What each fast path is worth").
            // fx needs no shared library at all (the
            // network is fx-fetch's): libedit is linked in too, so the prompt edits wherever the
            // binary goes, and fx has one C library (one locale, which libedit reads UTF-8 by).
            linkerSettings: [.unsafeFlags(["-static-executable"] + startupOrder, .when(platforms: [.linux], configuration: .release))]
        ),
        // argv: fx's options and command words (ArgumentParser, with a direct read of the usual shapes).
        .target(
            name: "FXCLI",
            dependencies: [
                "FXCommands", "FXRates", "FXBuildInfo", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ], swiftSettings: startup),
        // The version and the commit built (written before each build by the BuildCommit plugin).
        .target(name: "FXBuildInfo", plugins: ["BuildCommit"]),
        .plugin(name: "BuildCommit", capability: .buildTool()),
        // fx's network helper, run per request (only when a source is asked, never by an answer from
        // the cache). It links no Foundation and so no ICU: libcurl's own API for HTTP, libxml2's
        // reader for the ECB's XML and zlib for its zip (FXFetchKit), the Swift standard library
        // alone above them. Stripped it is a tenth of what URLSession made it (Benchmarks/README.md).
        .executableTarget(name: "FXFetch", dependencies: ["FXFetchKit", "CProcessGuard"], swiftSettings: helperOnly),
        .target(name: "FXFetchKit", dependencies: ["CFetch", "CLibXML2"], swiftSettings: helperOnly),
        // libcurl's and zlib's calls Swift cannot make (variadic options, macros).
        .target(name: "CFetch", linkerSettings: [.linkedLibrary("curl"), .linkedLibrary("z")]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),
        // The ECB's files fetched over any HTTPTransport and read in process by FXFetchKit's readers,
        // for the tests; fx itself never links them (its HelperECBFetcher asks fx-fetch).
        .target(name: "FXDocuments", dependencies: ["FXRates", "FXFetchKit"]),
        .target(
            name: "FXPlatform",
            dependencies: [
                "CTemporaryFiles", "CProcessGuard", .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ], swiftSettings: startup),
        // Whether the process may leave a core file: not while it holds an API key (prctl is variadic).
        .target(name: "CProcessGuard"),
        // The temporary files being written, where a signal handler can remove them before fx dies
        // (async-signal-safe work only: C, no allocation, no lock shared with the handler).
        .target(name: "CTemporaryFiles"),
        // The shared vocabulary: money (codes, exact decimals, formats), the calendar and the rate
        // model. The grammar reads it without linking providers, HTTP or caches.
        .target(name: "FXModel", dependencies: ["FXPlatform"], swiftSettings: startup),
        .target(name: "FXRates", dependencies: ["FXModel", "FXPlatform"], swiftSettings: startup),
        .target(name: "FXCommands", dependencies: ["FXModel"], swiftSettings: startup),
        .target(name: "FXAnswers", dependencies: ["FXRates", "FXCommands"], swiftSettings: startup),
        .target(name: "FXRender", dependencies: ["FXRates", "FXCommands", "FXAnswers"], swiftSettings: startup),
        // The engine: a parsed command → an outcome (executor, calculator, CSV statements, the quick
        // lane), with no terminal; the shell (FXShell) brings the modes, input, settings and config.
        .target(name: "FXEngine", dependencies: ["FXRates", "FXCommands", "FXAnswers", "FXRender"], swiftSettings: startup),
        .target(
            name: "FXShell", dependencies: ["FXEngine", "FXRates", "FXCommands", "FXAnswers", "FXRender", "CEditLine", "CLibEdit"],
            swiftSettings: startup),
        // libedit's native histedit API (`link "edit"`); CEditLine wraps the variadic calls Swift
        // cannot make. The static fx takes libedit.a, which needs terminfo (libtinfo.a) and vis
        // and strlcpy (libbsd.a, whose own dependency is libmd.a), named here since only a shared
        // libedit names its dependencies. None has a constructor: answers pay nothing for the prompt.
        .systemLibrary(
            name: "CLibEdit", providers: [.apt(["libedit-dev", "libncurses-dev", "libbsd-dev", "libmd-dev"]), .brew(["libedit"])]),
        .target(
            name: "CEditLine", dependencies: ["CLibEdit"],
            linkerSettings: ["tinfo", "bsd", "md"].map { .linkedLibrary($0, .when(platforms: [.linux], configuration: .release)) }),
        // `Benchmarks/compare.py` runs it: times one TAB (a `Completer` call) in process.
        .executableTarget(
            name: "CompletionBenchmark", dependencies: ["FXCommands", "FXRates"],
            path: "Benchmarks/CompletionBenchmark"),
        // libFuzzer target over the tokenizer, parser, completer and duration reader. Scripts/fuzz
        // builds it instrumented (`--sanitize fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFX_FUZZING`, in
        // .build-fuzz); every other build makes it a replayer of saved inputs, so it always compiles.
        .executableTarget(name: "FuzzCommands", dependencies: ["FXCommands", "FXRates", "FXAnswers", "FXRender"], path: "Fuzz"),
        .target(
            name: "FXTestSupport", dependencies: ["FXRates", "FXAnswers", "FXShell", "FXDocuments", "CFetch", "ZIPFoundation"],
            path: "Tests/FXTestSupport", exclude: ["Fixtures"]),
        .testTarget(name: "FXPlatformTests", dependencies: ["FXPlatform"]),
        .testTarget(name: "FXModelTests", dependencies: ["FXModel", "FXTestSupport"]),
        .testTarget(
            name: "FXRatesTests", dependencies: ["FXRates", "FXDocuments", "FXFetchKit", "CFetch", "FXTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "FXCommandsTests", dependencies: ["FXCommands", "FXTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "FXCLITests", dependencies: ["FXCLI"]),
        .testTarget(name: "FXRenderTests", dependencies: ["FXAnswers", "FXRender", "FXCommands", "FXRates", "FXTestSupport"]),
        .testTarget(name: "FXEngineTests", dependencies: ["FXEngine", "FXAnswers", "FXCommands", "FXRates", "FXTestSupport"]),
        .testTarget(
            name: "FXShellTests",
            dependencies: ["FXAnswers", "FXEngine", "FXShell", "FXCommands", "FXRender", "FXRates", "FXDocuments", "FXTestSupport"],
            exclude: ["Oracle"]),
        .testTarget(name: "EndToEndTests", dependencies: ["FXTestSupport", "FXFetchKit", "CFetch", "FXRates"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
