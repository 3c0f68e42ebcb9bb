import AsyncHTTPClient
import SourceContract
import Logging

extension S3Source {
    /// A source for `location`, its server, credentials and region read the way AWS's tools read
    /// them: `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`, `AWS_REGION` or
    /// `AWS_DEFAULT_REGION` (else us-east-1). `endpoint` nil means AWS itself. Throws a problem
    /// (the end of a sentence) when the credentials are missing.
    public static func fromEnvironment(location: S3Location, endpoint: S3Endpoint?, environment: [String: String],
                                       http: HTTPClient = S3HTTP.client, logger: Logger = Logger(label: "photolala.s3")) throws(S3LocationProblem) -> S3Source {
        let (credentials, region) = try SigV4.Credentials.fromEnvironment(environment)
        return S3Source(location: location, endpoint: endpoint ?? .aws(bucket: location.bucket, region: region),
                        credentials: credentials, region: region, http: http, logger: logger)
    }
}

extension SigV4.Credentials {
    /// The credentials and region in `environment`, as AWS's tools read them; throws a problem
    /// (the end of a sentence) when the keys are missing.
    static func fromEnvironment(_ environment: [String: String]) throws(S3LocationProblem) -> (SigV4.Credentials, region: String) {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        guard let accessKey = value("AWS_ACCESS_KEY_ID"), let secretKey = value("AWS_SECRET_ACCESS_KEY") else {
            throw S3LocationProblem("needs AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY in the environment")
        }
        let region = value("AWS_REGION") ?? value("AWS_DEFAULT_REGION") ?? "us-east-1"
        return (SigV4.Credentials(accessKey: accessKey, secretKey: secretKey, sessionToken: value("AWS_SESSION_TOKEN")), region)
    }
}
