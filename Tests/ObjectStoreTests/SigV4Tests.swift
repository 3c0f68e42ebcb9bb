import Foundation
import Testing
@testable import ObjectStore

/// SigV4 against the values AWS publishes: the SigV4 test suite's vanilla query example and the
/// "examplebucket" examples of the S3 signing documentation.
@Suite struct SigV4Tests {
    static let suiteDate = Date(timeIntervalSince1970: 1_440_938_160)  // 2015-08-30T12:36:00Z
    static let s3Date = Date(timeIntervalSince1970: 1_369_353_600)  // 2013-05-24T00:00:00Z
    static let s3Signer = SigV4(credentials: .init(accessKey: "AKIAIOSFODNN7EXAMPLE", secretKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
                                region: "us-east-1")

    @Test func theVanillaQueryExampleSortsItsParameters() {
        // given the test suite's get-vanilla-query-order-key-case request
        let signer = SigV4(credentials: .init(accessKey: "AKIDEXAMPLE", secretKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"),
                           region: "us-east-1", service: "service")
        let headers = [("Host", "example.amazonaws.com"), ("X-Amz-Date", "20150830T123600Z")]
        let query = [("Param2", "value2"), ("Param1", "value1")]
        // when
        let canonical = SigV4.canonicalRequest(method: "GET", path: "/", query: query, headers: headers, payloadHash: SigV4.emptyPayloadHash)
        let authorization = signer.authorization(method: "GET", path: "/", query: query, headers: headers,
                                                 payloadHash: SigV4.emptyPayloadHash, date: Self.suiteDate)
        // then
        #expect(canonical.text == "GET\n/\nParam1=value1&Param2=value2\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\n"
                + SigV4.emptyPayloadHash)
        #expect(SigV4.timestamp(Self.suiteDate) == "20150830T123600Z")
        #expect(authorization == "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500"
                .replacingOccurrences(of: ", ", with: ","))
    }

    @Test func theGetObjectExampleSignsItsRange() {
        // given GET /test.txt with Range: bytes=0-9
        let headers = SigV4Tests.s3Signer.signedHeaders(method: "GET", host: "examplebucket.s3.amazonaws.com", path: "/test.txt", query: [],
                                                        extra: [("Range", "bytes=0-9")], date: Self.s3Date)
        // then
        #expect(headers.first { $0.0 == "Authorization" }?.1
                == "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41")
        #expect(headers.contains { $0 == ("x-amz-content-sha256", SigV4.emptyPayloadHash) })
        #expect(!headers.contains { $0.0 == "x-amz-security-token" })
    }

    @Test func theListObjectsExampleSignsItsQuery() {
        let headers = SigV4Tests.s3Signer.signedHeaders(method: "GET", host: "examplebucket.s3.amazonaws.com", path: "/",
                                                        query: [("max-keys", "2"), ("prefix", "J")], date: Self.s3Date)
        #expect(headers.last?.1.hasSuffix("Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7") == true)
    }

    @Test func thePutObjectExampleSignsItsPayloadAndEncodesItsKey() {
        // given PUT /test$file.text with its body's hash, a Date and a storage class
        let body = Data("Welcome to Amazon S3.".utf8)
        let hash = SigV4.sha256Hex(body)
        let path = "/" + SigV4.uriEncode("test$file.text", keepSlash: true)
        let headers = SigV4Tests.s3Signer.signedHeaders(method: "PUT", host: "examplebucket.s3.amazonaws.com", path: path, query: [],
                                                        extra: [("Date", "Fri, 24 May 2013 00:00:00 GMT"), ("x-amz-storage-class", "REDUCED_REDUNDANCY")],
                                                        payloadHash: hash, date: Self.s3Date)
        // then
        #expect(path == "/test%24file.text")
        #expect(hash == "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072")
        #expect(headers.last?.1 == "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd")
    }

    @Test func keysAndQueryValuesAreEncodedAsSigV4Wants() {
        #expect(SigV4.uriEncode("a b/ü&c~.-_", keepSlash: true) == "a%20b/%C3%BC%26c~.-_")
        #expect(SigV4.uriEncode("a/b+c=", keepSlash: false) == "a%2Fb%2Bc%3D")
    }

    @Test func aSessionTokenIsSentAndSigned() {
        let signer = SigV4(credentials: .init(accessKey: "A", secretKey: "S", sessionToken: "T"), region: "eu-west-1")
        let headers = signer.signedHeaders(method: "HEAD", host: "h", path: "/k", query: [], date: Self.s3Date)
        #expect(headers.contains { $0 == ("x-amz-security-token", "T") })
        #expect(headers.last?.1.contains("SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-security-token,") == true)
        #expect(headers.last?.1.contains("/eu-west-1/s3/aws4_request") == true)
    }
}
