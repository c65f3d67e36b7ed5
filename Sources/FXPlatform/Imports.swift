// fx links FoundationEssentials alone where the platform has it (Linux): full Foundation would
// load ICU and CoreFoundation into every answer. Every module above this one sees the same
// Foundation through this one re-export, instead of a conditional import in each file.
#if canImport(FoundationEssentials)
@_exported import FoundationEssentials
#else
@_exported import Foundation
#endif
