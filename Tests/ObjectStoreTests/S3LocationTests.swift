import Testing
@testable import ObjectStore

/// `--library s3://bucket/prefix` and `--s3-endpoint`, read and checked.
@Suite struct S3LocationTests {
    @Test func aBucketAndAPrefixAreRead() throws {
        #expect(try S3Location.parse("s3://photos") == S3Location(bucket: "photos", prefix: ""))
        #expect(try S3Location.parse("s3://photos/") == S3Location(bucket: "photos", prefix: ""))
        #expect(try S3Location.parse("s3://photos/family/2024") == S3Location(bucket: "photos", prefix: "family/2024/"))
        #expect(try S3Location.parse("s3://my.photos-1/family/") == S3Location(bucket: "my.photos-1", prefix: "family/"))
        #expect(try S3Location.parse("s3://photos/family/2024").description == "s3://photos/family/2024")
        #expect(S3Location.isS3("S3://x") && !S3Location.isS3("/srv/photos"))
    }

    @Test func badFormsSayWhatIsWrong() {
        let cases: [(String, String)] = [
            ("s3://", "is missing"),
            ("s3:///photos", "is missing"),
            ("s3://ab", "3 to 63"),
            ("s3://" + String(repeating: "a", count: 64), "3 to 63"),
            ("s3://Photos", "lowercase"),
            ("s3://pho_tos", "lowercase"),
            ("s3://-photos", "start and end"),
            ("s3://photos-", "start and end"),
            ("s3://pho..tos", "two dots"),
            ("s3://192.168.1.10", "IP address"),
            ("s3://photos//x", "clean path"),
            ("s3://photos/a/../b", "clean path"),
            ("s3://photos/a?b", "clean path"),
            ("http://photos", "must start with s3://"),
        ]
        for (text, problem) in cases {
            #expect(throws: S3LocationProblem.self, "\(text)") { try S3Location.parse(text) }
            do { _ = try S3Location.parse(text) } catch { #expect(error.description.contains(problem), "\(text): \(error)") }
        }
    }

    @Test func anEndpointIsAnAddressAndIsAddressedByPath() throws {
        let minio = try S3Endpoint.custom("http://127.0.0.1:9000")
        #expect(minio.description == "http://127.0.0.1:9000" && minio.pathStyle)
        #expect(minio.path(bucket: "photos", key: "a b/c.jpg") == "/photos/a%20b/c.jpg")
        #expect(minio.path(bucket: "photos", key: nil) == "/photos")
        #expect(try S3Endpoint.custom("https://s3.example.org/").hostHeader == "s3.example.org")
        for bad in ["127.0.0.1:9000", "ftp://h", "http://", "http://h/path", "http://h?x=1", "http://u@h"] {
            #expect(throws: S3LocationProblem.self, "\(bad)") { try S3Endpoint.custom(bad) }
        }
        // and without one, AWS by virtual host
        let aws = S3Endpoint.aws(bucket: "photos", region: "eu-west-1")
        #expect(aws.description == "https://photos.s3.eu-west-1.amazonaws.com" && aws.path(bucket: "photos", key: "a.jpg") == "/a.jpg")
    }

    @Test func credentialsComeFromTheEnvironment() throws {
        let location = S3Location(bucket: "photos", prefix: "")
        #expect(throws: S3LocationProblem.self) { try S3Source.fromEnvironment(location: location, endpoint: nil, environment: [:]) }
        let source = try S3Source.fromEnvironment(location: location, endpoint: nil,
                                                  environment: ["AWS_ACCESS_KEY_ID": "A", "AWS_SECRET_ACCESS_KEY": "S", "AWS_DEFAULT_REGION": "eu-west-2"])
        #expect(source.client.signer.region == "eu-west-2" && source.client.endpoint.host == "photos.s3.eu-west-2.amazonaws.com")
        let tokened = try S3Source.fromEnvironment(location: location, endpoint: try S3Endpoint.custom("http://127.0.0.1:1"),
                                                   environment: ["AWS_ACCESS_KEY_ID": "A", "AWS_SECRET_ACCESS_KEY": "S", "AWS_SESSION_TOKEN": "T"])
        #expect(tokened.client.signer.region == "us-east-1" && tokened.client.signer.credentials.sessionToken == "T")
    }
}
