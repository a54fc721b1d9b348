// Air pollution bodies of the built-in cities, in the exact shape of OpenWeatherMap's Air
// Pollution API (`/data/2.5/air_pollution`; see owm_air_pollution_DERIVED_official_docs_example_
// coord_object.json in Tests/Fixtures). Concentrations in µg/m³.
//
// Provenance: Tokyo's `list` entry is VERBATIM the documented example (its O3 of 68.7 reads as
// Fair on today's scale while the example says 1: kept as documented). The others are CONSTRUCTED
// so that each index is the highest band of its pollutants on OpenWeatherMap's published scale,
// and so that together they cover every index and one gap:
// - Da Nang 2 Fair, London 3 Moderate, Sydney 1 Good;
// - Chicago 2 Fair WITHOUT `o3` (a station that does not measure ozone);
// - Hamburg 4 Poor (a foggy winter inversion), Seattle 5 Very Poor (wildfire smoke).
// The fake answers with `coord` set to the point asked for and `dt` to the current hour.

extension FakeOpenWeatherMap {
    /// A body in the service's shape with one `list` entry: `index` (1 Good … 5 Very Poor), the
    /// `components` object's members as written, and the documented example's `coord` form and `dt`.
    static func airBody(lon: String, lat: String, index: Int, _ components: String) -> String {
        #"{"coord":{"lon":\#(lon),"lat":\#(lat)},"list":[{"main":{"aqi":\#(index)},"components":{\#(components)},"dt":1605182400}]}"#
    }

    static let daNangAir = airBody(lon: "108.2208", lat: "16.0678", index: 2, #""co":287.4,"no":0.42,"no2":6.12,"o3":52.3,"so2":3.87,"pm2_5":14.21,"pm10":21.83,"nh3":2.15"#)
    static let tokyoAir = airBody(lon: "139.6917", lat: "35.6895", index: 1, #""co":201.94053649902344,"no":0.01877197064459324,"no2":0.7711350917816162,"o3":68.66455078125,"so2":0.6407499313354492,"pm2_5":0.5,"pm10":0.540438711643219,"nh3":0.12369127571582794"#)
    static let londonAir = airBody(lon: "-0.1257", lat: "51.5085", index: 3, #""co":230.31,"no":3.1,"no2":44.72,"o3":48.64,"so2":5.48,"pm2_5":27.43,"pm10":33.12,"nh3":1.52"#)
    static let chicagoAir = airBody(lon: "-87.65", lat: "41.85", index: 2, #""co":317.1,"no":1.93,"no2":29.3,"so2":2.41,"pm2_5":11.24,"pm10":16.4,"nh3":0.86"#)
    static let seattleAir = airBody(lon: "-122.33", lat: "47.61", index: 5, #""co":1842.56,"no":0.95,"no2":12.34,"o3":71.53,"so2":3.1,"pm2_5":168.32,"pm10":201.45,"nh3":4.2"#)
    static let sydneyAir = airBody(lon: "151.21", lat: "-33.87", index: 1, #""co":186.92,"no":0.01,"no2":3.21,"o3":39.7,"so2":1.1,"pm2_5":4.36,"pm10":7.82,"nh3":0.42"#)
    static let hamburgAir = airBody(lon: "10", lat: "53.55", index: 4, #""co":580.73,"no":12.4,"no2":68.9,"o3":8.2,"so2":9.7,"pm2_5":58.14,"pm10":71.27,"nh3":6.1"#)
}
