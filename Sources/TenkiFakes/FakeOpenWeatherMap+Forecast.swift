import TenkiCore

extension FakeOpenWeatherMap {
    /// One 3-hour step of a constructed forecast, in metric units.
    struct ForecastStep {
        var temp: Double
        var feelsLike: Double
        var humidity: Int
        var conditionID: Int
        var main: String
        var description: String
        var icon: String
        var pop: Double
        var windSpeed: Double
        var windDegrees: Int
        var clouds: Int
        var rain3h: Double? = nil
        var snow3h: Double? = nil
    }

    /// A `/data/2.5/forecast` body in the real shape (envelope, `list`, `city`), with one entry
    /// per step every three hours from `start`. The forecasts are constructed, not captured:
    /// building them keeps each city's bodies consistent (same id, name, coordinates, offset).
    static func forecastBody(
        cityID: Int, name: String, lat: Double, lon: Double, country: String, timezone: Int, sunrise: Int, sunset: Int,
        start: Int, steps: [ForecastStep]
    ) -> String {
        let entries = steps.enumerated().map { index, step in
            let dt = start + index * 10_800
            var extra = ""
            if let rain = step.rain3h { extra += #""rain":{"3h":\#(rain)},"# }
            if let snow = step.snow3h { extra += #""snow":{"3h":\#(snow)},"# }
            return #"{"dt":\#(dt),"main":{"temp":\#(step.temp),"feels_like":\#(step.feelsLike),"temp_min":\#(step.temp),"#
                + #""temp_max":\#(step.temp),"pressure":1012,"sea_level":1012,"grnd_level":1008,"humidity":\#(step.humidity),"#
                + #""temp_kf":0},"weather":[{"id":\#(step.conditionID),"main":"\#(step.main)","#
                + #""description":"\#(step.description)","icon":"\#(step.icon)"}],"clouds":{"all":\#(step.clouds)},"#
                + #""wind":{"speed":\#(step.windSpeed),"deg":\#(step.windDegrees),"gust":\#(step.windSpeed * 1.5)},"#
                + #""visibility":10000,"pop":\#(step.pop),\#(extra)"sys":{"pod":"\#(step.icon.suffix(1))"},"#
                + #""dt_txt":"\#(dateText(dt))"}"#
        }
        return #"{"cod":"200","message":0,"cnt":\#(steps.count),"list":[\#(entries.joined(separator: ","))],"#
            + #""city":{"id":\#(cityID),"name":"\#(name)","coord":{"lat":\#(lat),"lon":\#(lon)},"country":"\#(country)","#
            + #""population":0,"timezone":\#(timezone),"sunrise":\#(sunrise),"sunset":\#(sunset)}}"#
    }

    /// `yyyy-MM-dd HH:mm:ss` in UTC, as `dt_txt` has it (no Foundation calendar).
    static func dateText(_ seconds: Int) -> String {
        let days = seconds.quotientAndRemainder(dividingBy: 86_400)
        let secondOfDay = days.remainder
        let date = CivilDate(dayNumber: days.quotient)
        let (year, month, day) = (date.year, date.month, date.day)
        func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(pad(month))-\(pad(day)) \(pad(secondOfDay / 3600)):\(pad(secondOfDay % 3600 / 60)):\(pad(secondOfDay % 60))"
    }
}
