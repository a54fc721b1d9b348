import Foundation
import TenkiCore

extension FakeOpenWeatherMap {
    /// What stays the same over a city's constructed forecast: the `city` object's fields, and the
    /// humidity and wind the steps vary around. `sunrise` and `sunset` are one captured day's.
    struct ForecastCity {
        var id: Int
        var name: String
        var lat: Double
        var lon: Double
        var country: String
        var timezone: Int
        var sunrise: Int
        var sunset: Int
        var humidity: Int
        var windSpeed: Double
        var windDegrees: Int
    }

    /// One local day of a constructed forecast, in metric units: its low and high, and its weather
    /// between sunrise and sunset and outside them.
    struct ForecastDay {
        var low: Double
        var high: Double
        var day: ForecastWeather
        var night: ForecastWeather
    }

    /// A condition (an OpenWeatherMap id known to `conditions`), its chance of precipitation, and
    /// the 3-hour amount of rain or snow when some falls.
    struct ForecastWeather {
        var condition: Int
        var pop: Double
        var rain: Double? = nil
        var snow: Double? = nil

        init(_ condition: Int, pop: Double, rain: Double? = nil, snow: Double? = nil) {
            self.condition = condition
            self.pop = pop
            self.rain = rain
            self.snow = snow
        }
    }

    /// Six days of steps: after a whole-day shift any 40-step window from the next 3-hour slot fits.
    static let constructedSteps = 48

    /// A `/data/2.5/forecast` body in the real shape (envelope, `list`, `city`): 48 steps three
    /// hours apart from 00:00 UTC of the day of `city.sunrise`, the days of `days` in turn (by the
    /// place's local date). Temperatures follow a daily curve from the low near 04:00 to the high
    /// near 16:00 local time; the icon ends in `d` between sunrise and sunset, else `n`.
    static func forecastBody(city: ForecastCity, days: [ForecastDay]) -> String {
        let start = SampleTimeShifter.floorDivision(city.sunrise, SampleTimeShifter.day) * SampleTimeShifter.day
        let firstLocalDay = SampleTimeShifter.floorDivision(start + city.timezone, SampleTimeShifter.day)
        let sunrise = secondOfDay(city.sunrise + city.timezone)
        let sunset = secondOfDay(city.sunset + city.timezone)
        let entries = (0..<constructedSteps).map { index -> String in
            let dt = start + index * SampleTimeShifter.slot
            let local = dt + city.timezone
            let dayIndex = SampleTimeShifter.floorDivision(local, SampleTimeShifter.day) - firstLocalDay
            let forecastDay = days[dayIndex % days.count]
            let isDay = (sunrise..<sunset).contains(secondOfDay(local))
            return entry(
                dt: dt, hour: Double(secondOfDay(local)) / 3600, isDay: isDay, day: forecastDay, dayIndex: dayIndex, city: city)
        }
        return #"{"cod":"200","message":0,"cnt":\#(entries.count),"list":[\#(entries.joined(separator: ","))],"#
            + #""city":{"id":\#(city.id),"name":"\#(city.name)","coord":{"lat":\#(city.lat),"lon":\#(city.lon)},"#
            + #""country":"\#(city.country)","population":0,"timezone":\#(city.timezone),"sunrise":\#(city.sunrise),"#
            + #""sunset":\#(city.sunset)}}"#
    }

    private static func entry(dt: Int, hour: Double, isDay: Bool, day: ForecastDay, dayIndex: Int, city: ForecastCity) -> String {
        let weather = isDay ? day.day : day.night
        let condition =
            conditions[weather.condition]
            ?? FakeCondition(id: 804, main: "Clouds", english: "overcast clouds", japanese: "厚い雲", icon: "04")
        // 0 at 04:00 local, 1 at 16:00.
        let warmth = (1 - cos(2 * Double.pi * (hour - 4) / 24)) / 2
        let temp = rounded(day.low + (day.high - day.low) * warmth)
        let wet = weather.rain != nil || weather.snow != nil
        let humidity = min(100, max(15, city.humidity + (wet ? 12 : 0) - Int((warmth - 0.5) * 20)))
        let wind = rounded(city.windSpeed * (0.8 + 0.4 * warmth))
        let feelsLike = rounded(temp >= 27 ? temp + Double(humidity - 40) / 8 : temp < 12 ? temp - wind * 1.3 : temp - 0.6)
        let degrees = (city.windDegrees + dayIndex * 15) % 360
        let pod = isDay ? "d" : "n"
        var extra = ""
        if let rain = weather.rain { extra += #""rain":{"3h":\#(rain)},"# }
        if let snow = weather.snow { extra += #""snow":{"3h":\#(snow)},"# }
        return #"{"dt":\#(dt),"main":{"temp":\#(temp),"feels_like":\#(feelsLike),"temp_min":\#(temp),"temp_max":\#(temp),"#
            + #""pressure":1012,"sea_level":1012,"grnd_level":1008,"humidity":\#(humidity),"temp_kf":0},"#
            + #""weather":[{"id":\#(condition.id),"main":"\#(condition.main)","description":"\#(condition.english)","#
            + #""icon":"\#(condition.icon)\#(pod)"}],"clouds":{"all":\#(clouds(condition.id))},"#
            + #""wind":{"speed":\#(wind),"deg":\#(degrees),"gust":\#(rounded(wind * 1.5))},"visibility":10000,"#
            + #""pop":\#(weather.pop),\#(extra)"sys":{"pod":"\#(pod)"},"dt_txt":"\#(dateText(dt))"}"#
    }

    /// Cloud cover as the condition's own definition gives it (801: 11-25 %, 804: 85-100 %).
    private static func clouds(_ condition: Int) -> Int {
        switch condition {
        case 800: 3
        case 801: 18
        case 802: 40
        case 803: 70
        default: 96
        }
    }

    private static func secondOfDay(_ seconds: Int) -> Int {
        seconds - SampleTimeShifter.floorDivision(seconds, SampleTimeShifter.day) * SampleTimeShifter.day
    }

    private static func rounded(_ value: Double) -> Double {
        (value * 100).rounded() / 100
    }

    /// `yyyy-MM-dd HH:mm:ss` in UTC, as `dt_txt` has it (no Foundation calendar).
    static func dateText(_ seconds: Int) -> String {
        let days = seconds.quotientAndRemainder(dividingBy: 86_400)
        let secondOfDay = days.remainder
        let date = CivilDate(dayNumber: days.quotient)
        let (year, month, day) = (date.year, date.month, date.day)
        func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return
            "\(year)-\(pad(month))-\(pad(day)) \(pad(secondOfDay / 3600)):\(pad(secondOfDay % 3600 / 60)):\(pad(secondOfDay % 60))"
    }
}
