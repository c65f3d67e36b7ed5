import FXCLI
import FXCommands
import FXRates
import FXAnswers
import FXRender
import FXShell
#if canImport(Glibc)
import Glibc
#endif

// Thin by design: choose the mode, wire the real clock, network and files, run.

// A file size limit (ulimit -f) is then a write failing with EFBIG, reported in one line, rather
// than a silent death by SIGXFSZ.
signal(SIGXFSZ, SIG_IGN)

let arguments: Invocation
switch CommandLineReader.read(Array(CommandLine.arguments.dropFirst())) {
case .run(let invocation):
    arguments = invocation
case .exit(let status, let message, let toStandardError):
    say(message + "\n", toStandardError: toStandardError, status: status)
case .optionError(let message, let json):
    optionError(message, json: json)
}

/// A command line fx cannot act on: one line on stderr, and with `--json` the error object on
/// stdout, as for every other error; status 2.
func optionError(_ message: String, json: Bool, code: String? = nil) -> Never {
    let out = FileDescriptorOutput(fd: 1, bufferSize: 0), err = FileDescriptorOutput(fd: 2, bufferSize: 0)
    if json { out.write(JSONRenderer.render(optionError: message, code: code) + "\n") }
    err.write("fx: " + message + "\n")
    exit(Modes.settle(2, out: out, err: err))
}

/// Writes `text` and ends fx: with `status`, or with 1 and a line on stderr if the write failed.
func say(_ text: String, toStandardError: Bool = false, status: Int32 = 0) -> Never {
    let out = FileDescriptorOutput(fd: 1, bufferSize: 0), err = FileDescriptorOutput(fd: 2, bufferSize: 0)
    (toStandardError ? err : out).write(text)
    exit(Modes.settle(status, out: out, err: err))
}

let environment = ProcessEnvironment.current(prefixes: Settings.environmentPrefixes, names: Settings.environmentNames)
let wantsEditing = arguments.commandWords.isEmpty && !arguments.complete && EditLineReader.canEdit(environment: environment)
// Every source fx knows; `--source`, `sources` and FX_<ID>_URL may name any of them.
let catalog = SourceCatalog.standard
let knownSources = catalog.ids
var parseContext = ParseContext(sourceIDs: knownSources, allSourceIDs: knownSources)
let snapshotStore = SnapshotStore(directory: Settings.snapshotDirectory(environment))
parseContext.snapshotNames = { snapshotStore.names() }
parseContext.filePaths = { [home = environment["HOME"]] typed in Paths.completions(of: typed, home: home) }

if arguments.generateManual {
    let files = Settings.manualFiles.map { ManualPage.Entry($0.term, $0.meaning) }
    let variables = Settings.manualEnvironment(sources: knownSources).map { ManualPage.Entry($0.term, $0.meaning) }
    say(ManualPage.render(files: files, environment: variables))
}

let settings = {
    var settings = Settings.load(environment: environment, knownSources: knownSources)
    // An institution asked only when named (`--source hmrc`) is on for the run that names it,
    // unless the config switched it off.
    if let named = arguments.source.map({ SourceID($0.lowercased()) }), let about = catalog.registry[named], !about.onByDefault,
        about.requires.isEmpty, settings.enabled[named] == nil
    {
        settings.enabled[named] = true
    }
    return settings
}()
// An API key in memory would be in a core file: none is left while one is held (issue 34).
if !settings.keys.isEmpty { CoreDumps.refuse() }
let clock = SystemClock()
let helper = HelperLocation.ofRunningExecutable()
let io = SourceIO(transport: HelperTransport(location: helper), ecbFiles: HelperECBFetcher(location: helper), clock: clock)
let offline = arguments.offline

/// The services over the sources the settings enable, in their order; made again when
/// `sources enable|disable|order` changes the config in a running session.
@Sendable func sourceSetup(_ settings: Settings) -> SourceSetup {
    // A config changed in the session may have brought a key.
    if !settings.keys.isEmpty { CoreDumps.refuse() }
    let sources = catalog.sources(settings, io: io)
    let latest = FileRateStore(directory: settings.cacheDirectory)
    let service = RateService(
        sources: sources, store: latest, clock: clock,
        builtIn: .ecb, options: RateService.Options(offline: offline),
        usage: FileUsageStore(directory: settings.cacheDirectory),
        quotas: catalog.quotas(settings),
        describe: { Messages.text(for: $0) })
    // Histories are read only by dated questions and `history`; a conversion never opens them.
    let history = HistoryService(
        sources: catalog.historySources(of: sources, settings, io: io), store: FileHistoryStore(directory: settings.cacheDirectory),
        clock: clock, builtIn: .ecb, options: HistoryService.Options(offline: offline), discipline: service.discipline,
        // Only the dates are wanted: no table's rows are read (see FileRateStore.load(keeping:)).
        newestLatest: { id in latest.load(keeping: []).entries[id].map { ($0.table.date, $0.fetchedAt) } })
    var setup = SourceSetup(service: service, history: history, sourceInfo: catalog.info(settings))
    setup.institutions = { [discipline = service.discipline] in institutionDirectory(settings, discipline: discipline) }
    return setup
}

/// Frankfurter's list of the institutions it relays, read through its root (`FX_FRANKFURTER_URL`),
/// under the rates' `discipline`: held back as they are, and counted with them.
@Sendable func institutionDirectory(_ settings: Settings, discipline: RequestDiscipline) -> FrankfurterProviderDirectory {
    FrankfurterProviderDirectory(
        baseURL: settings.sourceURLs[.frankfurter] ?? FrankfurterSource.defaultBaseURL, transport: io.transport,
        timeout: settings.timeout, cacheDirectory: settings.cacheDirectory, offline: offline, discipline: discipline,
        describe: { Messages.text(for: $0) })
}

/// The services over one snapshot (`--snapshot`, `use snapshot`): offline, writing nothing.
@Sendable func snapshotSetup(_ snapshot: Snapshot) -> SourceSetup {
    let sources = catalog.sources(settings, io: io)
    return .answering(
        from: snapshot, sources: sources, historySources: catalog.historySources(of: sources, settings, io: io),
        history: FileHistoryStore(directory: settings.cacheDirectory), sourceInfo: catalog.info(settings))
}
let snapshots = SnapshotLibrary(
    store: snapshotStore, latest: FileRateStore(directory: settings.cacheDirectory),
    history: FileHistoryStore(directory: settings.cacheDirectory), historySources: knownSources, setup: snapshotSetup)
let setup: SourceSetup
if let name = arguments.snapshot {
    do throws(SnapshotError) {
        setup = snapshotSetup(try snapshotStore.load(name))
    } catch {
        optionError(Messages.text(for: Failure.snapshot(error)), json: arguments.json, code: Failure.snapshot(error).code)
    }
} else {
    setup = sourceSetup(settings)
}

// The shells' TAB: the currencies the cached rates cover, as the prompt offers them.
if arguments.complete {
    let line = arguments.completionLine
    var context = parseContext.covering(setup.service.cachedCurrencies())
    context.home = settings.preferences.home
    context.aliases = settings.preferences.aliases
    let completion = Completer(context: context).complete(line: line, cursor: line.count)
    say(completion.candidates.map(\.text).joined(separator: "\n") + "\n")
}

let stdinIsTerminal = isatty(0) == 1
let stdoutIsTerminal = isatty(1) == 1
let style = Style.decide(isTerminal: stdoutIsTerminal, noColorFlag: arguments.noColor, environment: environment)
let out = FileDescriptorOutput(fd: 1)
let err = FileDescriptorOutput(fd: 2, bufferSize: 0)
for warning in settings.warnings { err.write(style.yellow("warning:") + " " + warning + "\n") }

let sourceID = arguments.source.map { SourceID($0.lowercased()) }
if let sourceID, !knownSources.contains(sourceID) {
    let error = UsageError(.unknownSource(arguments.source ?? "", known: knownSources), span: nil)
    optionError(Messages.text(for: error), json: arguments.json, code: Failure.usage(error).code)
}
if let sourceID, !setup.service.sourceIDs.contains(sourceID) {
    optionError(
        Messages.text(for: RateError.sourceDisabled(sourceID)), json: arguments.json, code: Failure.rates(.sourceDisabled(sourceID)).code)
}
// `--rule`: a shipped rule or one the config defines.
let ruleName = arguments.rule.map(RuleName.init)
if let ruleName, settings.preferences.rules[ruleName.rawValue] == nil {
    let error = UsageError(.unknownSetting(ruleName.rawValue, known: settings.preferences.rules.names), span: nil)
    optionError(
        Messages.unknownRule(ruleName.rawValue, known: settings.preferences.rules.names), json: arguments.json,
        code: Failure.usage(error).code)
}
// Conversions typed by a person are logged for bare `history`; a script's thousands of lines are not.
let conversionLog = FileConversionLog.standard(environment: environment)
let logsLines = !arguments.commandWords.isEmpty || stdinIsTerminal
var presentation = Session.Presentation(json: arguments.json, style: style, forPerson: stdoutIsTerminal)
// The terminal's width now, else $COLUMNS, else 80: asked at each answer, as TAB does.
presentation.columns = { [environment] in TerminalWidth.of(fd: 1, environment: environment) }
presentation.showsProgress = isatty(2) == 1 && !arguments.json
presentation.explain = arguments.explain
let executor = Executor(
    service: setup.service, history: setup.history, log: conversionLog,
    sourceInfo: setup.sourceInfo, config: ConfigEditor(path: settings.configPath), clock: clock,
    options: Executor.Options(
        source: sourceID, maxAge: arguments.maxAge.flatMap(DurationParser.parse),
        rule: ruleName),
    workspace: Workspace(preferences: settings.preferences),
    rebuildSources: { [environment] in sourceSetup(Settings.load(environment: environment, knownSources: knownSources)) },
    snapshots: snapshots, answering: setup.snapshot, institutions: setup.institutions)
let scriptMode = arguments.commandWords.isEmpty && !wantsEditing && !stdinIsTerminal
let session = Session(
    parser: Parser(context: parseContext), executor: executor, clock: clock,
    presentation: presentation,
    out: out, err: err, log: logsLines ? conversionLog : nil,
    quickLane: scriptMode && arguments.snapshot == nil ? QuickLane(clock: clock) : nil,
    // `watch` draws a board where a person sees it and can press a key, on a terminal that can
    // move its cursor (not TERM=dumb); elsewhere it prints lines.
    watch: WatchSetup(
        screen: { [environment] in
            stdinIsTerminal && stdoutIsTerminal && environment["TERM"] != "dumb" ? TerminalWatchScreen(out: out, clock: clock) : nil
        }, registry: catalog.registry,
        every: settings.watchEvery))

// The chosen mode runs on this thread (see CallingThreadExecutor): no thread pool for an answer.
let words = arguments.commandWords
let failFast = arguments.failFast
let status: Int32
if !words.isEmpty {
    status = CallingThreadExecutor.run { await Modes.oneShot(words, session: session) }
} else if wantsEditing,
    let reader = EditLineReader(
        // Each TAB reads the cache's currencies again: a `refresh` may have added some.
        completer: { Completer(context: session.parser.context.covering(executor.cachedCurrencies())) },
        history: .standard(environment: environment), color: style.color, output: out)
{
    status = CallingThreadExecutor.run {
        await Modes.prompt(reader, session: session, promptOutput: nil, interrupted: { EditLineReader.takeInterrupt() })
    }
    if let problem = reader.close() { err.write(style.yellow("warning:") + " " + problem + "\n") }
} else if stdinIsTerminal {
    if wantsEditing {
        err.write(style.yellow("warning:") + " libedit could not set up this terminal: no line editing, history or TAB completion\n")
    }
    status = CallingThreadExecutor.run { await Modes.prompt(StandardInputLines(), session: session, promptOutput: out) }
} else {
    let lines = StandardInputLines(beforeReading: { out.flush() })
    status = CallingThreadExecutor.run { await Modes.script(lines, session: session, failFast: failFast) }
}
exit(Modes.settle(status, out: out, err: err))
