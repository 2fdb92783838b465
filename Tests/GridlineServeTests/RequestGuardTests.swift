import Testing

@testable import GridlineServe

@Suite struct RequestGuardTests {
  let local = RequestGuard(exposedHost: nil)

  @Test func loopbackNamesAreThisServer() {
    for host in [
      "127.0.0.1:8080", "localhost", "LOCALHOST:80", "[::1]:9000", "127.8.9.10", "app.localhost:1",
    ] {
      #expect(local.acceptsHost(host), "\(host)")
    }
  }

  @Test func otherNamesAreRefused() {
    // A DNS name that resolves to 127.0.0.1 is how DNS rebinding reaches a loopback port.
    for host in [
      "evil.example:8080", "10.0.0.2", "", "127.0.0.1:80:80", "[::1", "localhost:x", "127.0.0.256",
    ] {
      #expect(!local.acceptsHost(host), "\(host)")
    }
    #expect(!local.acceptsHost(nil))
  }

  @Test func anExposedServerAlsoAnswersToItsAddressAndIPs() {
    let exposed = RequestGuard(exposedHost: "0.0.0.0")
    #expect(exposed.acceptsHost("192.168.1.20:8080"))
    #expect(exposed.acceptsHost("[fe80::1]:8080"))
    #expect(!exposed.acceptsHost("rebound.example:8080"))
    #expect(RequestGuard(exposedHost: "devbox").acceptsHost("devbox:8080"))
  }

  @Test func aSocketFromABrowserMustComeFromTheServersPage() {
    #expect(local.acceptsOrigin("http://127.0.0.1:8080", host: "127.0.0.1:8080"))
    #expect(!local.acceptsOrigin("http://evil.example", host: "127.0.0.1:8080"))
    #expect(!local.acceptsOrigin("http://127.0.0.1:9999", host: "127.0.0.1:8080"))
    #expect(!local.acceptsOrigin("null", host: "127.0.0.1:8080"))
    // No Origin: not a browser, which no other site can drive.
    #expect(local.acceptsOrigin(nil, host: "127.0.0.1:8080"))
  }
}
