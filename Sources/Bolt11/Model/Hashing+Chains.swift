public import Chains
public import Hashing

/// SHA-256 (FIPS 180-4), one-shot, on bytes: the `Hashing` module's, named here so that code
/// that imports only this module keeps writing `SHA256`.
public typealias SHA256 = Hashing.SHA256

/// A short channel id (block height, transaction index and output index in 8 bytes): the
/// `Chains` module's, named here so that code that imports only this module keeps writing
/// `ShortChannelID`.
public typealias ShortChannelID = Chains.ShortChannelID

/// When an invoice expires, in one place: the `Chains` module's rule, named here so that code
/// that imports only this module keeps writing `ExpiryRule`.
public typealias ExpiryRule = Chains.ExpiryRule

/// The wall clock and the texts of Unix time (`2017-06-01 10:57:38 UTC`, `in 5 min`), with no
/// Foundation: the `Chains` module's, named here so that code that imports only this module
/// finds it.
public typealias UnixTime = Chains.UnixTime
