// The platform layer (files, locks, clock, JSON scanner) is part of the rates API's vocabulary:
// a module that imports FXRates sees it, and Foundation, without importing them itself.
@_exported import FXPlatform
