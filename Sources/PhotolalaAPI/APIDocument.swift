/// The JSON API's contract: `API/openapi.yaml` (linked beside this file), from which the build generates its
/// types (`Components`, `Operations`) and its server (`APIProtocol`). The gallery serves the same
/// bytes at `/api/v1/openapi.yaml`, read from the resources folder (`API/`).
public enum APIDocument {
    /// The document's version (`info.version`): within 1.x nothing is removed or renamed.
    public static let version = "1.0.0"
}
