import Foundation
import TenkiCore
import TenkiHTTPServer

extension FakeOpenWeatherMap {
    static let airPollutionPath = "/data/2.5/air_pollution"

    /// `/data/2.5/air_pollution` at `point` (already checked to be on Earth): the body of the nearest
    /// sample that has one, as the live service would answer at the fake's clock: `coord` the point
    /// asked for, each entry's `dt` the start of the current hour. No sample with a body: 404.
    func airPollutionAnswer(at point: Coordinates) -> HTTPResponse {
        let measured = samples.filter { $0.airPollution != nil }
        let sample = measured.min { $0.squaredDistance(to: point) < $1.squaredDistance(to: point) }
        guard let captured = sample?.airPollution else {
            return Self.json(.notFound, #"{"cod":"404","message":"city not found"}"#)
        }
        guard var object = try? JSONSerialization.jsonObject(with: Data(captured.utf8)) as? [String: Any] else {
            return HTTPResponse.json(.ok, Array(captured.utf8))
        }
        let hour = Int(clock.now().timeIntervalSince1970 / 3600) * 3600
        object["coord"] = ["lon": point.longitude, "lat": point.latitude]
        if let list = object["list"] as? [Any] {
            object["list"] = list.map { entry -> Any in
                guard var measurement = entry as? [String: Any], measurement["dt"] != nil else { return entry }
                measurement["dt"] = hour
                return measurement
            }
        }
        let body = (try? JSONSerialization.data(withJSONObject: object)).map(Array.init) ?? Array(captured.utf8)
        return HTTPResponse.json(.ok, body)
    }
}
