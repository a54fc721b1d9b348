// The cities the fake knows, compiled in (no resource bundles: the release binary must carry
// them for `tenki demo` and `tenki fakes`). All bodies are in METRIC units; the fake converts.
//
// Provenance, per city (fixtures named are in Tests/Fixtures):
// - Da Nang: CONSTRUCTED in OpenWeatherMap's exact shape (no real capture exists); plausible
//   values for a late-May noon.
// - Tokyo: current weather VERBATIM from owm_current_tokyo_lang_ja_integer_temps_gust.json
//   (lang=ja, so `name` is 東京都 and the description 晴天); geocoding entry constructed
//   (name "Tokyo", local_names ja 東京).
// - London: DERIVED from owm_current_london_lang_ja_katakana_name_sys_type2.json with the
//   Japanese `name`/`description` replaced by OpenWeatherMap's English ones; geocoding entry
//   from owm_geocoding_direct_docs_copy_london_limit5_entry_without_local_names.json, with
//   local_names trimmed to three.
// - Chicago (snow + mist) and Seattle (mist): DERIVED from owm_current_chicago_snow1h_… and
//   owm_current_seattle_mist_kelvin.json, temperatures converted from Kelvin to °C.
// - Sydney (rain, two conditions): current weather VERBATIM (whitespace collapsed) from
//   owm_current_sydney_rain1h_two_weather_entries_southern.json.
// - Hamburg (fog, no wind direction): DERIVED from owm_current_hamburg_lang_de_fog_…, the German
//   description "Nebel" replaced by "fog".
// Geocoding entries other than London's are constructed in the real shape. Forecasts are
// CONSTRUCTED too (see `forecastBody`): six days per city, each a low, a high and a daytime and a
// night-time condition, in keeping with the city's current sample; the fake serves 40 steps of them
// from the next 3-hour slot, with descriptions in the requested `lang`. Air pollution bodies: see
// FakeOpenWeatherMap+AirSamples.swift.

extension FakeOpenWeatherMap {
    /// Da Nang, Tokyo, London, Chicago, Seattle, Sydney, Hamburg.
    public static let builtInSamples: [Sample] = [
        daNang, tokyo, london, chicago, seattle, sydney, hamburg,
    ].compactMap { $0 }

    static let daNang = Sample(
        geocoding:
            #"{"name":"Da Nang","local_names":{"en":"Da Nang","vi":"Đà Nẵng","ja":"ダナン"},"lat":16.0678,"lon":108.2208,"country":"VN"}"#,
        current:
            #"{"coord":{"lon":108.2208,"lat":16.0678},"weather":[{"id":803,"main":"Clouds","description":"broken clouds","icon":"04d"}],"base":"stations","main":{"temp":31.99,"feels_like":36.42,"temp_min":31.99,"temp_max":31.99,"pressure":1007,"humidity":59,"sea_level":1007,"grnd_level":1006},"visibility":10000,"wind":{"speed":3.6,"deg":110,"gust":4.63},"clouds":{"all":75},"dt":1717045200,"sys":{"type":1,"id":9305,"country":"VN","sunrise":1717020720,"sunset":1717067400},"timezone":25200,"id":1583992,"name":"Da Nang","cod":200}"#,
        forecast: forecastBody(
            city: ForecastCity(
                id: 1_583_992, name: "Da Nang", lat: 16.0678, lon: 108.2208, country: "VN", timezone: 25200,
                sunrise: 1_717_020_720, sunset: 1_717_067_400, humidity: 68, windSpeed: 3.6, windDegrees: 110),
            days: [
                ForecastDay(low: 26.1, high: 33.0, day: .init(803, pop: 0.12), night: .init(802, pop: 0.2)),
                ForecastDay(
                    low: 25.8, high: 31.4, day: .init(500, pop: 0.48, rain: 0.62), night: .init(500, pop: 0.55, rain: 0.9)),
                ForecastDay(low: 25.2, high: 30.6, day: .init(501, pop: 0.72, rain: 2.4), night: .init(500, pop: 0.5, rain: 0.7)),
                ForecastDay(low: 25.6, high: 32.2, day: .init(802, pop: 0.18), night: .init(801, pop: 0.08)),
                ForecastDay(low: 26.0, high: 33.4, day: .init(801, pop: 0.05), night: .init(800, pop: 0)),
                ForecastDay(low: 26.3, high: 33.1, day: .init(803, pop: 0.22), night: .init(500, pop: 0.41, rain: 0.35)),
            ]),
        airPollution: daNangAir)

    static let tokyo = Sample(
        geocoding: #"{"name":"Tokyo","local_names":{"en":"Tokyo","ja":"東京"},"lat":35.6895,"lon":139.6917,"country":"JP"}"#,
        current:
            #"{"coord":{"lon":139.6917,"lat":35.6895},"weather":[{"id":800,"main":"Clear","description":"晴天","icon":"01d"}],"base":"stations","main":{"temp":10,"feels_like":4.13,"temp_min":10,"temp_max":10,"pressure":1024,"humidity":34},"visibility":10000,"wind":{"speed":4.63,"deg":330,"gust":9.77},"clouds":{"all":0},"dt":1612059666,"sys":{"type":1,"id":8077,"country":"JP","sunrise":1612042939,"sunset":1612080409},"timezone":32400,"id":1850144,"name":"東京都","cod":200}"#,
        forecast: forecastBody(
            city: ForecastCity(
                id: 1_850_144, name: "東京都", lat: 35.6895, lon: 139.6917, country: "JP", timezone: 32400,
                sunrise: 1_612_042_939, sunset: 1_612_080_409, humidity: 45, windSpeed: 4.1, windDegrees: 320),
            days: [
                ForecastDay(low: 2.6, high: 10.4, day: .init(800, pop: 0), night: .init(801, pop: 0)),
                ForecastDay(low: 3.1, high: 11.2, day: .init(801, pop: 0.02), night: .init(803, pop: 0.04)),
                ForecastDay(low: 4.0, high: 9.0, day: .init(804, pop: 0.3), night: .init(500, pop: 0.62, rain: 0.8)),
                ForecastDay(low: 1.8, high: 8.3, day: .init(500, pop: 0.55, rain: 0.5), night: .init(804, pop: 0.2)),
                ForecastDay(low: 0.9, high: 9.6, day: .init(800, pop: 0), night: .init(800, pop: 0)),
                ForecastDay(low: 2.2, high: 10.8, day: .init(802, pop: 0.06), night: .init(801, pop: 0.03)),
            ]),
        airPollution: tokyoAir)

    static let london = Sample(
        geocoding:
            #"{"name":"London","local_names":{"en":"London","ja":"ロンドン","vi":"Luân Đôn"},"lat":51.5073219,"lon":-0.1276474,"country":"GB","state":"England"}"#,
        current:
            #"{"coord":{"lon":-0.1257,"lat":51.5085},"weather":[{"id":800,"main":"Clear","description":"clear sky","icon":"01d"}],"base":"stations","main":{"temp":9.4,"feels_like":6.99,"temp_min":8.64,"temp_max":10,"pressure":1023,"humidity":75,"sea_level":1023,"grnd_level":1019},"visibility":10000,"wind":{"speed":4.63,"deg":70},"clouds":{"all":0},"dt":1777441645,"sys":{"type":2,"id":268730,"country":"GB","sunrise":1777437379,"sunset":1777490351},"timezone":3600,"id":2643743,"name":"London","cod":200}"#,
        forecast: forecastBody(
            city: ForecastCity(
                id: 2_643_743, name: "London", lat: 51.5085, lon: -0.1257, country: "GB", timezone: 3600,
                sunrise: 1_777_437_379, sunset: 1_777_490_351, humidity: 70, windSpeed: 4.8, windDegrees: 75),
            days: [
                ForecastDay(low: 6.1, high: 14.0, day: .init(802, pop: 0.08), night: .init(800, pop: 0)),
                ForecastDay(low: 7.3, high: 13.1, day: .init(500, pop: 0.41, rain: 0.31), night: .init(803, pop: 0.2)),
                ForecastDay(low: 5.8, high: 12.4, day: .init(803, pop: 0.15), night: .init(804, pop: 0.1)),
                ForecastDay(low: 8.0, high: 15.2, day: .init(801, pop: 0.03), night: .init(802, pop: 0.05)),
                ForecastDay(low: 7.6, high: 13.8, day: .init(521, pop: 0.63, rain: 1.2), night: .init(500, pop: 0.45, rain: 0.4)),
                ForecastDay(low: 6.4, high: 12.9, day: .init(804, pop: 0.22), night: .init(803, pop: 0.1)),
            ]),
        airPollution: londonAir)

    static let chicago = Sample(
        geocoding:
            #"{"name":"Chicago","local_names":{"en":"Chicago","ja":"シカゴ"},"lat":41.85,"lon":-87.65,"country":"US","state":"Illinois"}"#,
        current:
            #"{"coord":{"lon":-87.65,"lat":41.85},"weather":[{"id":601,"main":"Snow","description":"snow","icon":"13d"},{"id":701,"main":"Mist","description":"mist","icon":"50d"}],"base":"stations","main":{"temp":-0.89,"feels_like":-6.11,"temp_min":-1.88,"temp_max":-0.39,"pressure":1005,"humidity":84},"visibility":2816,"wind":{"speed":5.14,"deg":210},"snow":{"1h":0.58},"clouds":{"all":100},"dt":1671205575,"sys":{"type":2,"id":2005153,"country":"US","sunrise":1671196316,"sunset":1671229241},"timezone":-21600,"id":4887398,"name":"Chicago","cod":200}"#,
        forecast: forecastBody(
            city: ForecastCity(
                id: 4_887_398, name: "Chicago", lat: 41.85, lon: -87.65, country: "US", timezone: -21600,
                sunrise: 1_671_196_316, sunset: 1_671_229_241, humidity: 84, windSpeed: 5.3, windDegrees: 220),
            days: [
                ForecastDay(
                    low: -4.3, high: -0.4, day: .init(601, pop: 0.92, snow: 1.7), night: .init(600, pop: 0.78, snow: 0.9)),
                ForecastDay(low: -7.1, high: -2.2, day: .init(804, pop: 0.3), night: .init(803, pop: 0.1)),
                ForecastDay(low: -9.0, high: -3.6, day: .init(800, pop: 0), night: .init(800, pop: 0)),
                ForecastDay(low: -6.2, high: -1.0, day: .init(802, pop: 0.06), night: .init(804, pop: 0.2)),
                ForecastDay(low: -3.4, high: 1.8, day: .init(615, pop: 0.55, snow: 0.6), night: .init(600, pop: 0.6, snow: 0.8)),
                ForecastDay(low: -5.5, high: -1.4, day: .init(620, pop: 0.47, snow: 0.5), night: .init(804, pop: 0.18)),
            ]),
        airPollution: chicagoAir)

    static let seattle = Sample(
        geocoding:
            #"{"name":"Seattle","local_names":{"en":"Seattle","ja":"シアトル"},"lat":47.61,"lon":-122.33,"country":"US","state":"Washington"}"#,
        current:
            #"{"coord":{"lon":-122.33,"lat":47.61},"weather":[{"id":701,"main":"Mist","description":"mist","icon":"50n"}],"base":"stations","main":{"temp":10.76,"pressure":1018,"humidity":81,"temp_min":8,"temp_max":12},"visibility":16093,"wind":{"speed":3.6,"deg":140},"clouds":{"all":75},"dt":1540367880,"sys":{"type":1,"id":2949,"message":0.0042,"country":"US","sunrise":1540392124,"sunset":1540429442},"id":5809844,"name":"Seattle","cod":200}"#,
        forecast: forecastBody(
            city: ForecastCity(
                id: 5_809_844, name: "Seattle", lat: 47.61, lon: -122.33, country: "US", timezone: -25200,
                sunrise: 1_540_392_124, sunset: 1_540_429_442, humidity: 85, windSpeed: 3.1, windDegrees: 150),
            days: [
                ForecastDay(low: 7.9, high: 12.4, day: .init(701, pop: 0.05), night: .init(741, pop: 0.1)),
                ForecastDay(low: 8.4, high: 13.0, day: .init(300, pop: 0.55, rain: 0.22), night: .init(500, pop: 0.6, rain: 0.5)),
                ForecastDay(low: 9.1, high: 14.2, day: .init(803, pop: 0.2), night: .init(804, pop: 0.25)),
                ForecastDay(low: 8.7, high: 13.5, day: .init(500, pop: 0.66, rain: 0.9), night: .init(501, pop: 0.8, rain: 2.1)),
                ForecastDay(low: 6.9, high: 12.1, day: .init(802, pop: 0.1), night: .init(701, pop: 0.05)),
                ForecastDay(low: 7.5, high: 12.8, day: .init(804, pop: 0.3), night: .init(300, pop: 0.4, rain: 0.15)),
            ]),
        airPollution: seattleAir)

    static let sydney = Sample(
        geocoding:
            #"{"name":"Sydney","local_names":{"en":"Sydney","ja":"シドニー"},"lat":-33.87,"lon":151.21,"country":"AU","state":"New South Wales"}"#,
        current:
            #"{"coord":{"lon":151.21,"lat":-33.87},"weather":[{"id":500,"main":"Rain","description":"light rain","icon":"10n"},{"id":300,"main":"Drizzle","description":"light intensity drizzle","icon":"09n"}],"base":"stations","main":{"temp":12.3,"feels_like":7.36,"temp_min":11.67,"temp_max":13,"pressure":1021,"humidity":87},"visibility":9000,"wind":{"speed":7.2,"deg":220},"rain":{"1h":0.25},"clouds":{"all":75},"dt":1594981506,"sys":{"type":1,"id":9600,"country":"AU","sunrise":1594933020,"sunset":1594969512},"timezone":36000,"id":2147714,"name":"Sydney","cod":200}"#,
        forecast: forecastBody(
            city: ForecastCity(
                id: 2_147_714, name: "Sydney", lat: -33.87, lon: 151.21, country: "AU", timezone: 36000,
                sunrise: 1_594_933_020, sunset: 1_594_969_512, humidity: 80, windSpeed: 7.2, windDegrees: 220),
            days: [
                ForecastDay(low: 8.6, high: 14.8, day: .init(500, pop: 0.7, rain: 0.8), night: .init(501, pop: 0.86, rain: 3.4)),
                ForecastDay(low: 7.9, high: 15.6, day: .init(803, pop: 0.32), night: .init(802, pop: 0.15)),
                ForecastDay(low: 8.3, high: 16.9, day: .init(800, pop: 0), night: .init(800, pop: 0)),
                ForecastDay(low: 9.2, high: 17.4, day: .init(801, pop: 0.04), night: .init(802, pop: 0.08)),
                ForecastDay(low: 10.1, high: 16.2, day: .init(521, pop: 0.64, rain: 1.6), night: .init(500, pop: 0.5, rain: 0.6)),
                ForecastDay(low: 8.8, high: 15.0, day: .init(803, pop: 0.25), night: .init(801, pop: 0.05)),
            ]),
        airPollution: sydneyAir)

    static let hamburg = Sample(
        geocoding:
            #"{"name":"Hamburg","local_names":{"en":"Hamburg","de":"Hamburg","ja":"ハンブルク"},"lat":53.55,"lon":10,"country":"DE"}"#,
        current:
            #"{"coord":{"lon":10,"lat":53.55},"weather":[{"id":741,"main":"Fog","description":"fog","icon":"50d"}],"base":"stations","main":{"temp":-1.76,"pressure":1017,"humidity":81,"temp_min":-4,"temp_max":0},"visibility":6000,"wind":{"speed":1},"clouds":{"all":75},"dt":1478847000,"sys":{"type":1,"id":4883,"message":0.0049,"country":"DE","sunrise":1478846373,"sunset":1478878077},"id":2911298,"name":"Hamburg","cod":200}"#,
        forecast: forecastBody(
            city: ForecastCity(
                id: 2_911_298, name: "Hamburg", lat: 53.55, lon: 10, country: "DE", timezone: 3600,
                sunrise: 1_478_846_373, sunset: 1_478_878_077, humidity: 85, windSpeed: 1.9, windDegrees: 110),
            days: [
                ForecastDay(low: -3.2, high: 1.8, day: .init(804, pop: 0.06), night: .init(741, pop: 0)),
                ForecastDay(low: -1.5, high: 2.4, day: .init(615, pop: 0.44, snow: 0.4), night: .init(600, pop: 0.5, snow: 0.6)),
                ForecastDay(low: -4.0, high: 0.6, day: .init(803, pop: 0.12), night: .init(800, pop: 0)),
                ForecastDay(low: -2.6, high: 1.2, day: .init(741, pop: 0.02), night: .init(701, pop: 0.03)),
                ForecastDay(low: 0.4, high: 4.1, day: .init(500, pop: 0.58, rain: 0.7), night: .init(804, pop: 0.3)),
                ForecastDay(low: -1.1, high: 2.9, day: .init(802, pop: 0.1), night: .init(803, pop: 0.12)),
            ]),
        airPollution: hamburgAir)
}
