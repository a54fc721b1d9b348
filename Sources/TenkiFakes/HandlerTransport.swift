import Foundation
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer

/// A transport that hands each request straight to an `HTTPHandler` in the same process:
/// no socket, no port. Unit tests use it to put a fake upstream behind a real client.
public struct HandlerTransport: HTTPTransport {
    let handler: any HTTPHandler

    public init(_ handler: any HTTPHandler) {
        self.handler = handler
    }

    public func send(_ request: OutboundRequest) async throws(TransportError) -> OutboundResponse {
        var target = request.url.path.isEmpty ? "/" : request.url.path
        if let query = request.url.query { target += "?" + query }
        var headers = request.headers
        if let host = request.url.host, !headers.contains("Host") { headers.add("Host", host) }
        let inbound = HTTPRequest(method: request.method, target: target, headers: headers, body: request.body, remoteAddress: "in-process")
        let response = await handler.respond(to: inbound)
        return OutboundResponse(status: response.status.code, headers: response.headers, body: response.body)
    }
}
