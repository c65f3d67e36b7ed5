// Foundation (Essentials where the platform has it) for every file of this module, through the
// platform layer, instead of a conditional import in each file. The engine is part of the
// shell's API (a `Session` runs an `Executor`), so a module importing the shell sees it too.
@_exported import FXEngine
@_exported import FXPlatform
