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
// Geocoding entries other than London's and all forecasts are constructed in the real shape.

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
            cityID: 1_583_992, name: "Da Nang", lat: 16.0678, lon: 108.2208, country: "VN", timezone: 25200,
            sunrise: 1_717_020_720, sunset: 1_717_067_400, start: 1_717_048_800,
            steps: [
                ForecastStep(
                    temp: 31.2, feelsLike: 35.8, humidity: 62, conditionID: 803, main: "Clouds", description: "broken clouds",
                    icon: "04d", pop: 0.12, windSpeed: 3.9, windDegrees: 105, clouds: 71),
                ForecastStep(
                    temp: 29.4, feelsLike: 33.1, humidity: 70, conditionID: 500, main: "Rain", description: "light rain",
                    icon: "10d", pop: 0.48, windSpeed: 3.2, windDegrees: 98, clouds: 86, rain3h: 0.62),
                ForecastStep(
                    temp: 27.6, feelsLike: 30.4, humidity: 79, conditionID: 802, main: "Clouds", description: "scattered clouds",
                    icon: "03n", pop: 0.2, windSpeed: 2.1, windDegrees: 130, clouds: 40),
            ]))

    static let tokyo = Sample(
        geocoding: #"{"name":"Tokyo","local_names":{"en":"Tokyo","ja":"東京"},"lat":35.6895,"lon":139.6917,"country":"JP"}"#,
        current:
            #"{"coord":{"lon":139.6917,"lat":35.6895},"weather":[{"id":800,"main":"Clear","description":"晴天","icon":"01d"}],"base":"stations","main":{"temp":10,"feels_like":4.13,"temp_min":10,"temp_max":10,"pressure":1024,"humidity":34},"visibility":10000,"wind":{"speed":4.63,"deg":330,"gust":9.77},"clouds":{"all":0},"dt":1612059666,"sys":{"type":1,"id":8077,"country":"JP","sunrise":1612042939,"sunset":1612080409},"timezone":32400,"id":1850144,"name":"東京都","cod":200}"#,
        forecast: forecastBody(
            cityID: 1_850_144, name: "東京都", lat: 35.6895, lon: 139.6917, country: "JP", timezone: 32400,
            sunrise: 1_612_042_939, sunset: 1_612_080_409, start: 1_612_062_000,
            steps: [
                ForecastStep(
                    temp: 9.1, feelsLike: 4.8, humidity: 38, conditionID: 800, main: "Clear", description: "晴天", icon: "01d",
                    pop: 0, windSpeed: 4.1, windDegrees: 320, clouds: 3),
                ForecastStep(
                    temp: 6.3, feelsLike: 2.9, humidity: 47, conditionID: 801, main: "Clouds", description: "薄い雲", icon: "02n",
                    pop: 0, windSpeed: 3.0, windDegrees: 310, clouds: 18),
                ForecastStep(
                    temp: 4.8, feelsLike: 1.6, humidity: 58, conditionID: 803, main: "Clouds", description: "曇りがち", icon: "04n",
                    pop: 0.04, windSpeed: 2.4, windDegrees: 300, clouds: 64),
            ]))

    static let london = Sample(
        geocoding:
            #"{"name":"London","local_names":{"en":"London","ja":"ロンドン","vi":"Luân Đôn"},"lat":51.5073219,"lon":-0.1276474,"country":"GB","state":"England"}"#,
        current:
            #"{"coord":{"lon":-0.1257,"lat":51.5085},"weather":[{"id":800,"main":"Clear","description":"clear sky","icon":"01d"}],"base":"stations","main":{"temp":9.4,"feels_like":6.99,"temp_min":8.64,"temp_max":10,"pressure":1023,"humidity":75,"sea_level":1023,"grnd_level":1019},"visibility":10000,"wind":{"speed":4.63,"deg":70},"clouds":{"all":0},"dt":1777441645,"sys":{"type":2,"id":268730,"country":"GB","sunrise":1777437379,"sunset":1777490351},"timezone":3600,"id":2643743,"name":"London","cod":200}"#,
        forecast: forecastBody(
            cityID: 2_643_743, name: "London", lat: 51.5085, lon: -0.1257, country: "GB", timezone: 3600,
            sunrise: 1_777_437_379, sunset: 1_777_490_351, start: 1_777_442_400,
            steps: [
                ForecastStep(
                    temp: 11.2, feelsLike: 9.6, humidity: 70, conditionID: 800, main: "Clear", description: "clear sky",
                    icon: "01d", pop: 0, windSpeed: 4.8, windDegrees: 75, clouds: 2),
                ForecastStep(
                    temp: 14.0, feelsLike: 12.9, humidity: 58, conditionID: 802, main: "Clouds", description: "scattered clouds",
                    icon: "03d", pop: 0.08, windSpeed: 5.2, windDegrees: 80, clouds: 38),
                ForecastStep(
                    temp: 13.1, feelsLike: 12.2, humidity: 66, conditionID: 500, main: "Rain", description: "light rain",
                    icon: "10d", pop: 0.41, windSpeed: 4.4, windDegrees: 90, clouds: 88, rain3h: 0.31),
            ]))

    static let chicago = Sample(
        geocoding:
            #"{"name":"Chicago","local_names":{"en":"Chicago","ja":"シカゴ"},"lat":41.85,"lon":-87.65,"country":"US","state":"Illinois"}"#,
        current:
            #"{"coord":{"lon":-87.65,"lat":41.85},"weather":[{"id":601,"main":"Snow","description":"snow","icon":"13d"},{"id":701,"main":"Mist","description":"mist","icon":"50d"}],"base":"stations","main":{"temp":-0.89,"feels_like":-6.11,"temp_min":-1.88,"temp_max":-0.39,"pressure":1005,"humidity":84},"visibility":2816,"wind":{"speed":5.14,"deg":210},"snow":{"1h":0.58},"clouds":{"all":100},"dt":1671205575,"sys":{"type":2,"id":2005153,"country":"US","sunrise":1671196316,"sunset":1671229241},"timezone":-21600,"id":4887398,"name":"Chicago","cod":200}"#,
        forecast: forecastBody(
            cityID: 4_887_398, name: "Chicago", lat: 41.85, lon: -87.65, country: "US", timezone: -21600,
            sunrise: 1_671_196_316, sunset: 1_671_229_241, start: 1_671_213_600,
            steps: [
                ForecastStep(
                    temp: -1.2, feelsLike: -6.5, humidity: 86, conditionID: 600, main: "Snow", description: "light snow",
                    icon: "13d", pop: 0.78, windSpeed: 5.3, windDegrees: 220, clouds: 100, snow3h: 0.9),
                ForecastStep(
                    temp: -2.4, feelsLike: -7.9, humidity: 84, conditionID: 601, main: "Snow", description: "snow", icon: "13d",
                    pop: 0.92, windSpeed: 5.9, windDegrees: 240, clouds: 100, snow3h: 1.7),
                ForecastStep(
                    temp: -4.0, feelsLike: -9.8, humidity: 80, conditionID: 804, main: "Clouds", description: "overcast clouds",
                    icon: "04n", pop: 0.3, windSpeed: 6.1, windDegrees: 260, clouds: 96),
            ]))

    static let seattle = Sample(
        geocoding:
            #"{"name":"Seattle","local_names":{"en":"Seattle","ja":"シアトル"},"lat":47.61,"lon":-122.33,"country":"US","state":"Washington"}"#,
        current:
            #"{"coord":{"lon":-122.33,"lat":47.61},"weather":[{"id":701,"main":"Mist","description":"mist","icon":"50n"}],"base":"stations","main":{"temp":10.76,"pressure":1018,"humidity":81,"temp_min":8,"temp_max":12},"visibility":16093,"wind":{"speed":3.6,"deg":140},"clouds":{"all":75},"dt":1540367880,"sys":{"type":1,"id":2949,"message":0.0042,"country":"US","sunrise":1540392124,"sunset":1540429442},"id":5809844,"name":"Seattle","cod":200}"#,
        forecast: forecastBody(
            cityID: 5_809_844, name: "Seattle", lat: 47.61, lon: -122.33, country: "US", timezone: -25200,
            sunrise: 1_540_392_124, sunset: 1_540_429_442, start: 1_540_371_600,
            steps: [
                ForecastStep(
                    temp: 10.1, feelsLike: 9.4, humidity: 84, conditionID: 701, main: "Mist", description: "mist", icon: "50n",
                    pop: 0.05, windSpeed: 3.1, windDegrees: 150, clouds: 80),
                ForecastStep(
                    temp: 9.2, feelsLike: 8.3, humidity: 88, conditionID: 741, main: "Fog", description: "fog", icon: "50n",
                    pop: 0.1, windSpeed: 2.2, windDegrees: 160, clouds: 90),
                ForecastStep(
                    temp: 8.7, feelsLike: 7.6, humidity: 91, conditionID: 300, main: "Drizzle",
                    description: "light intensity drizzle", icon: "09n", pop: 0.55, windSpeed: 2.6, windDegrees: 170, clouds: 100,
                    rain3h: 0.22),
            ]))

    static let sydney = Sample(
        geocoding:
            #"{"name":"Sydney","local_names":{"en":"Sydney","ja":"シドニー"},"lat":-33.87,"lon":151.21,"country":"AU","state":"New South Wales"}"#,
        current:
            #"{"coord":{"lon":151.21,"lat":-33.87},"weather":[{"id":500,"main":"Rain","description":"light rain","icon":"10n"},{"id":300,"main":"Drizzle","description":"light intensity drizzle","icon":"09n"}],"base":"stations","main":{"temp":12.3,"feels_like":7.36,"temp_min":11.67,"temp_max":13,"pressure":1021,"humidity":87},"visibility":9000,"wind":{"speed":7.2,"deg":220},"rain":{"1h":0.25},"clouds":{"all":75},"dt":1594981506,"sys":{"type":1,"id":9600,"country":"AU","sunrise":1594933020,"sunset":1594969512},"timezone":36000,"id":2147714,"name":"Sydney","cod":200}"#,
        forecast: forecastBody(
            cityID: 2_147_714, name: "Sydney", lat: -33.87, lon: 151.21, country: "AU", timezone: 36000,
            sunrise: 1_594_933_020, sunset: 1_594_969_512, start: 1_594_987_200,
            steps: [
                ForecastStep(
                    temp: 11.9, feelsLike: 8.1, humidity: 88, conditionID: 501, main: "Rain", description: "moderate rain",
                    icon: "10n", pop: 0.86, windSpeed: 7.6, windDegrees: 210, clouds: 100, rain3h: 3.4),
                ForecastStep(
                    temp: 11.4, feelsLike: 7.9, humidity: 90, conditionID: 500, main: "Rain", description: "light rain",
                    icon: "10n", pop: 0.7, windSpeed: 6.8, windDegrees: 205, clouds: 95, rain3h: 0.8),
                ForecastStep(
                    temp: 12.6, feelsLike: 9.7, humidity: 81, conditionID: 803, main: "Clouds", description: "broken clouds",
                    icon: "04d", pop: 0.32, windSpeed: 6.0, windDegrees: 200, clouds: 70),
            ]))

    static let hamburg = Sample(
        geocoding:
            #"{"name":"Hamburg","local_names":{"en":"Hamburg","de":"Hamburg","ja":"ハンブルク"},"lat":53.55,"lon":10,"country":"DE"}"#,
        current:
            #"{"coord":{"lon":10,"lat":53.55},"weather":[{"id":741,"main":"Fog","description":"fog","icon":"50d"}],"base":"stations","main":{"temp":-1.76,"pressure":1017,"humidity":81,"temp_min":-4,"temp_max":0},"visibility":6000,"wind":{"speed":1},"clouds":{"all":75},"dt":1478847000,"sys":{"type":1,"id":4883,"message":0.0049,"country":"DE","sunrise":1478846373,"sunset":1478878077},"id":2911298,"name":"Hamburg","cod":200}"#,
        forecast: forecastBody(
            cityID: 2_911_298, name: "Hamburg", lat: 53.55, lon: 10, country: "DE", timezone: 3600,
            sunrise: 1_478_846_373, sunset: 1_478_878_077, start: 1_478_854_800,
            steps: [
                ForecastStep(
                    temp: -0.8, feelsLike: -2.9, humidity: 84, conditionID: 741, main: "Fog", description: "fog", icon: "50d",
                    pop: 0, windSpeed: 1.4, windDegrees: 90, clouds: 80),
                ForecastStep(
                    temp: 1.6, feelsLike: -0.4, humidity: 78, conditionID: 804, main: "Clouds", description: "overcast clouds",
                    icon: "04d", pop: 0.06, windSpeed: 1.9, windDegrees: 110, clouds: 99),
                ForecastStep(
                    temp: 0.9, feelsLike: -1.5, humidity: 86, conditionID: 615, main: "Snow", description: "light rain and snow",
                    icon: "13d", pop: 0.44, windSpeed: 2.3, windDegrees: 120, clouds: 100, snow3h: 0.4),
            ]))
}
