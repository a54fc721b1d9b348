extension FakeNewsAPI {
    /// NewsAPI's error bodies. VERBATIM ones are copies of `Tests/Fixtures/newsapi_error_*.json`;
    /// CONSTRUCTED ones follow the documented shape where no capture exists.
    enum Bodies {
        /// VERBATIM: newsapi_error_apiKeyMissing_401.json.
        static let apiKeyMissing =
            #"{"status":"error","code":"apiKeyMissing","message":"Your API key is missing. Append this to the URL with the apiKey param, or use the x-api-key HTTP header."}"#
        /// VERBATIM: newsapi_error_apiKeyInvalid_401.json.
        static let apiKeyInvalid =
            #"{"status":"error","code":"apiKeyInvalid","message":"Your API key is invalid or incorrect. Check your key, or go to https://newsapi.org to create a free API key."}"#
        /// VERBATIM: newsapi_error_rateLimited_429.json.
        static let rateLimited =
            #"{"status":"error","code":"rateLimited","message":"You have made too many requests recently. Developer accounts are limited to 100 requests over a 24 hour period (50 requests available every 12 hours). Please upgrade to a paid plan if you need more requests."}"#
        /// VERBATIM: newsapi_error_parametersMissing_everything.json.
        static let everythingParametersMissing =
            #"{"status":"error","code":"parametersMissing","message":"Required parameters are missing, the scope of your search is too broad. Please set any of the following required parameters and try again: q, qInTitle, sources, domains."}"#
        /// VERBATIM: newsapi_error_parameterInvalid_category_on_everything.json.
        static let categoryOnEverything =
            #"{"status":"error","code":"parameterInvalid","message":"The category param is not currently supported on the /everything endpoint."}"#
        /// VERBATIM: newsapi_error_parameterInvalid_too_far_in_past.json.
        static let tooFarInThePast =
            #"{"status":"error","code":"parameterInvalid","message":"You are trying to request results too far in the past. Your plan permits you to request articles as far back as 2023-02-01, but you have requested 2022-06-27. You may need to upgrade to a paid plan."}"#
        /// CONSTRUCTED: top-headlines without any of its required parameters.
        static let topHeadlinesParametersMissing =
            #"{"status":"error","code":"parametersMissing","message":"Required parameters are missing. Please set any of the following parameters and try again: sources, q, language, country, category."}"#
        /// CONSTRUCTED: the undocumented code for paging past 100 results on the developer plan.
        static let maximumResultsReached =
            #"{"status":"error","code":"maximumResultsReached","message":"You have requested too many results. Developer accounts are limited to a max of 100 results. You are trying to request results 100 to 120. Please upgrade to a paid plan if you need more results."}"#
        /// CONSTRUCTED: no 5xx body was captured.
        static let unexpectedError =
            #"{"status":"error","code":"unexpectedError","message":"This shouldn't happen, and if it does then it's our fault, not yours. Try the request again shortly."}"#
        /// CONSTRUCTED: the real answer to an unknown path was not captured.
        static let unknownEndpoint =
            #"{"status":"error","code":"parameterInvalid","message":"Unknown endpoint."}"#

        /// CONSTRUCTED: an unsupported value, e.g. `category=weather`.
        static func parameterInvalid(name: String, value: String) -> String {
            let safe = value.filter { $0.isLetter || $0.isNumber || $0 == "-" }
            return #"{"status":"error","code":"parameterInvalid","message":"The \#(name) param is invalid: \#(safe)."}"#
        }
    }
}
