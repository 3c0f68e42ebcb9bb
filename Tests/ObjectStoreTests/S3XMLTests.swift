import Foundation
import Testing
@testable import ObjectStore

/// The listing and error readers: real answers, pages, escaped keys, and bytes that are not XML.
@Suite struct S3XMLTests {
    static let firstPage = """
        <?xml version="1.0" encoding="UTF-8"?>
        <ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
          <Name>photos</Name><Prefix>library/</Prefix><KeyCount>2</KeyCount><MaxKeys>2</MaxKeys>
          <IsTruncated>true</IsTruncated>
          <Contents>
            <Key>library/a&amp;b.jpg</Key><LastModified>2009-10-12T17:50:30.000Z</LastModified>
            <ETag>&quot;fba9dede5f27731c9771645a39863328&quot;</ETag><Size>434234</Size><StorageClass>STANDARD</StorageClass>
          </Contents>
          <Contents>
            <Key>library/caf&#xE9; &lt;1&gt;.jpg</Key><LastModified>2009-10-12T17:50:31Z</LastModified>
            <ETag>"e1"</ETag><Size>0</Size>
            <Owner><ID>x</ID><DisplayName>y</DisplayName></Owner>
          </Contents>
          <ContinuationToken/>
          <NextContinuationToken>1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=</NextContinuationToken>
        </ListBucketResult>
        """

    @Test func aPageGivesItsObjectsAndTheTokenForTheNext() throws {
        // when
        let page = try #require(S3XML.listPage(Array(Self.firstPage.utf8)))
        // then escaped keys are read as written, quotes taken off the ETags
        #expect(page.objects == [
            S3Object(key: "library/a&b.jpg", size: 434_234, lastModified: "2009-10-12T17:50:30.000Z", etag: "fba9dede5f27731c9771645a39863328"),
            S3Object(key: "library/café <1>.jpg", size: 0, lastModified: "2009-10-12T17:50:31Z", etag: "e1"),
        ])
        #expect(page.isTruncated && page.nextContinuationToken == "1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=")
    }

    @Test func theLastPageHasNoToken() throws {
        let xml = "<ListBucketResult><Name>p</Name><IsTruncated>false</IsTruncated><KeyCount>0</KeyCount></ListBucketResult>"
        #expect(S3XML.listPage(Array(xml.utf8)) == ListObjectsPage(objects: [], isTruncated: false, nextContinuationToken: nil))
        // and an empty self-closed prefix or a comment is no trouble
        let other = "<?xml version=\"1.0\"?><!-- x --><ListBucketResult><Prefix/><Contents><Key>k</Key><Size>1</Size></Contents></ListBucketResult>"
        #expect(S3XML.listPage(Array(other.utf8))?.objects.map(\.key) == ["k"])
    }

    @Test func whatCannotBeTrustedIsRefused() {
        let refused = [
            "",
            "garbage",
            "<ListBucketResult>",  // not closed
            "<ListBucketResult></Other>",  // a close that does not match
            "<ListBucketResult><IsTruncated>true</IsTruncated></ListBucketResult>",  // truncated without a token
            "<ListBucketResult><Contents><Size>1</Size></Contents></ListBucketResult>",  // no key
            "<ListBucketResult><Contents><Key>k</Key><Size>-1</Size></Contents></ListBucketResult>",  // a negative size
            "<ListBucketResult><Contents><Key>k</Key><Size>99999999999999999999</Size></Contents></ListBucketResult>",
            "<ListBucketResult><Contents><Key>a&bogus;b</Key><Size>1</Size></Contents></ListBucketResult>",  // an unknown entity
            "<ListBucketResult><Contents><Key>&#0;</Key><Size>1</Size></Contents></ListBucketResult>",
            "<ListBucketResult><Contents><Key>&#xD800;</Key><Size>1</Size></Contents></ListBucketResult>",  // a surrogate
            "<Error><Code>NoSuchBucket</Code></Error>",
            String(repeating: "<a>", count: 40) + String(repeating: "</a>", count: 40),  // deeper than any answer
        ]
        for xml in refused { #expect(S3XML.listPage(Array(xml.utf8)) == nil, "\(xml)") }
        #expect(S3XML.listPage([0x3C, 0x4C, 0xFF, 0xFE, 0x3E]) == nil)
        #expect(S3XML.listPage(Array("<ListBucketResult><Contents><Key>\u{FF}".utf8) + [0xC3] + Array("</Key></Contents></ListBucketResult>".utf8)) == nil)
    }

    @Test func errorsGiveTheirCodeAndMessage() {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Error><Code>NoSuchKey</Code><Message>The resource you requested does not exist</Message>
            <Resource>/mybucket/myfoto.jpg</Resource><RequestId>4442587FB7D0A2F9</RequestId></Error>
            """
        #expect(S3XML.error(Array(xml.utf8)) == S3ErrorBody(code: "NoSuchKey", message: "The resource you requested does not exist"))
        #expect(S3XML.error(Array("<Error><Message>no code</Message></Error>".utf8)) == nil)
        #expect(S3XML.error(Array("<CopyObjectResult><ETag>x</ETag></CopyObjectResult>".utf8)) == nil)
        #expect(S3XML.error([]) == nil)
    }

    @Test func timesFromListingsAndHeadersAgree() {
        #expect(S3Time.iso8601("2009-10-12T17:50:30.000Z") == 1_255_369_830)
        #expect(S3Time.iso8601("2009-10-12T17:50:30Z") == 1_255_369_830)
        #expect(S3Time.httpDate("Mon, 12 Oct 2009 17:50:30 GMT") == 1_255_369_830)
        #expect(S3Time.iso8601("1970-01-01T00:00:00Z") == 0)
        #expect(S3Time.httpDate("Thu, 29 Feb 2024 23:59:59 GMT") == 1_709_251_199)
        for bad in ["", "2009-10-12", "2009-13-12T17:50:30Z", "2009-10-12T17:50:30.Z", "2009-10-12T17:50:30+01:00", "abcd-ef-ghTij:kl:mnZ"] {
            #expect(S3Time.iso8601(bad) == nil, "\(bad)")
        }
        for bad in ["", "Mon, 12 Foo 2009 17:50:30 GMT", "Mon, 12 Oct 2009 17:50:30 UTC", "Monday, 12-Oct-09 17:50:30 GMT"] {
            #expect(S3Time.httpDate(bad) == nil, "\(bad)")
        }
    }
}
