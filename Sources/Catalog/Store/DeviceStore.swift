/// Device passwords (`Device`): the only credentials the WebDAV door takes. Of a secret only its
/// hash is kept; a device is looked up afresh on each request, so one revoked on any instance is
/// refused at the next.
public protocol DeviceStore: Sendable {
    /// Adds a device password for an account; its label is trimmed to `Device.maxLabelLength`.
    /// Throws `DeviceError.labelTaken` when the account has a device by that label (any case).
    @discardableResult
    func addDevice(accountId: Int64, label: String, secretHash: String, scope: Device.Scope, now: Int64) async throws -> Device
    /// An account's devices, newest first.
    func devices(accountId: Int64) async throws -> [Device]
    /// The device whose secret has this hash, with the account it belongs to.
    func device(secretHash: String) async throws -> (device: Device, account: Account)?
    /// Notes a device's use; written only when the last note is a minute old or more.
    func touchDevice(id: Int64, now: Int64) async throws
    /// Revokes one of an account's devices; says whether there was one.
    @discardableResult
    func revokeDevice(id: Int64, accountId: Int64) async throws -> Bool
}

/// Why a device password could not be made.
public enum DeviceError: Error, Equatable {
    case labelTaken(String)
    case emptyLabel
}
