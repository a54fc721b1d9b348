// The articles the fake knows, compiled in (no resource bundles: the release binary must carry
// them for `tenki demo` and `tenki fakes`).
//
// Provenance: the health article is VERBATIM from
// newsapi_top_headlines_health_description_null_urlToImage_null_content_null.json; the
// `[Removed]` tombstone has the exact shape NewsAPI uses for taken-down articles; every other
// article is CONSTRUCTED in NewsAPI's exact shape (no capture about Vietnam or from late 2026
// exists), with the quirks real feeds have: HTML in descriptions, entities (`&#39;`, `&amp;`,
// `&hellip;`, `&#8217;`), `\r\n`, `null` and `""` fields, http-only images, fractional seconds,
// one duplicate by title and one by URL.

extension FakeNewsAPI {
    /// US top headlines in every category (with a tombstone and a duplicate), two Japanese
    /// headlines, and news about Vietnam in English and Japanese (`ベトナム`) for searches.
    public static let builtInSamples: [Sample] = (usHeadlines + japanHeadlines + vietnam).compactMap { $0 }

    static let usHeadlines: [Sample?] = [
        Sample(
            json:
                #"{"source":{"id":"associated-press","name":"Associated Press"},"author":"Jennifer McDermott","title":"Winter storm brings heavy snow to the Northeast as holiday travelers head home","description":"Forecasters say up to a foot of snow could fall from Pennsylvania to Maine on Sunday, snarling what is expected to be the busiest travel day of the year. &quot;Leave early,&quot; officials urged.","url":"https://apnews.com/article/winter-storm-northeast-thanksgiving-travel-snow-2026","urlToImage":"https://dims.apnews.com/dims4/default/storm-1200x675.jpg","publishedAt":"2026-11-29T11:05:00Z","content":"Forecasters say up to a foot of snow could fall from Pennsylvania to Maine on Sunday.\r\nAirlines have already canceled more than 400 flights… [+3120 chars]"}"#,
            country: "us", category: .general),
        Sample(
            json:
                #"{"source":{"id":null,"name":"[Removed]"},"author":null,"title":"[Removed]","description":"[Removed]","url":"https://removed.com","urlToImage":null,"publishedAt":"1970-01-01T00:00:00Z","content":"[Removed]"}"#,
            country: "us", category: .general),
        Sample(
            json:
                #"{"source":{"id":"cnbc","name":"CNBC"},"author":"Sarah Min","title":"Stocks close at a record as investors weigh the Fed&#8217;s December decision","description":"The S&amp;P 500 and Nasdaq rose to fresh highs in a holiday-shortened week&hellip;","url":"https://www.cnbc.com/2026/11/28/stock-market-today-live-updates.html","urlToImage":"https://image.cnbcfm.com/api/v1/image/markets-1200x630.jpeg","publishedAt":"2026-11-28T21:14:07.000Z","content":"Traders work on the floor of the New York Stock Exchange.\r\nStocks rose Friday… [+2870 chars]"}"#,
            country: "us", category: .business),
        Sample(
            json:
                #"{"source":{"id":"the-verge","name":"The Verge"},"author":"Chris Welch","title":"Apple releases iOS 26.2 with more Live Translation languages","description":"<p>Apple&#39;s latest update adds Japanese &amp; Vietnamese to Live Translation, plus <b>lock screen</b> tweaks.</p>","url":"https://www.theverge.com/news/apple-ios-26-2-release-live-translation","urlToImage":"https://platform.theverge.com/wp-content/uploads/ios-26-2.jpg","publishedAt":"2026-11-28T18:00:00Z","content":"Apple has released iOS 26.2… [+1904 chars]"}"#,
            country: "us", category: .technology),
        Sample(
            json:
                #"{"source":{"id":null,"name":"MacRumors"},"author":"Juli Clover","title":"Apple Releases iOS 26.2 With More Live Translation Languages","description":"Apple today released iOS 26.2, the second major update to iOS 26.","url":"https://www.macrumors.com/2026/11/28/apple-releases-ios-26-2/","urlToImage":"https://images.macrumors.com/article-new/2026/11/ios-26-2.jpg","publishedAt":"2026-11-28T18:02:11Z","content":"Apple today released iOS 26.2… [+2200 chars]"}"#,
            country: "us", category: .technology),
        Sample(
            json:
                #"{"source":{"id":"ars-technica","name":"Ars Technica"},"author":"Andrew Cunningham","title":"Swift 6.2 arrives with approachable concurrency and faster builds","description":"<ul><li>Default main-actor isolation for apps</li><li>Faster incremental builds on Linux</li></ul>","url":"https://arstechnica.com/gadgets/2026/11/swift-6-2-approachable-concurrency/","urlToImage":"http://cdn.arstechnica.net/wp-content/uploads/swift-6-2.jpg","publishedAt":"2026-11-27T15:30:00+00:00","content":null}"#,
            country: "us", category: .technology),
        Sample(
            json:
                #"{"source":{"id":"espn","name":"ESPN"},"author":null,"title":"Lions beat Packers on Thanksgiving to stay atop the NFC North","description":"","url":"https://www.espn.com/nfl/story/_/id/lions-packers-thanksgiving-2026","urlToImage":null,"publishedAt":"2026-11-27T21:45:00Z","content":""}"#,
            country: "us", category: .sports),
        Sample(
            json:
                #"{"source":{"id":"google-news","name":"Google News"},"author":"Medical Xpress","title":"Study finds link between genetics and coffee intake - Medical Xpress","description":null,"url":"https://news.google.com/rss/articles/CBMiR2h0dHBzOi8vbWVkaWNhbHhwcmVzcy5jb20vbmV3cy8yMDI0LTA2LWxpbmstZ2VuZXRpY3MtY29mZmVlLWludGFrZS5odG1s0gEA?oc=5","urlToImage":null,"publishedAt":"2024-06-18T16:22:03Z","content":null}"#,
            country: "us", category: .health),
        Sample(
            json:
                #"{"source":{"id":null,"name":"Space.com"},"author":"Robert Lea","title":"NASA&#39;s Europa Clipper fires its engines for a Mars flyby","description":"The spacecraft is on track for Jupiter.<br/>Next stop: a gravity assist from Earth in 2026.","url":"https://www.space.com/europa-clipper-mars-flyby-engine-burn","urlToImage":"https://cdn.mos.cms.futurecdn.net/europa-clipper.jpg","publishedAt":"2026-11-26T12:00:00Z","content":"NASA's Europa Clipper… [+3400 chars]"}"#,
            country: "us", category: .science),
        Sample(
            json:
                #"{"source":{"id":"variety","name":"Variety"},"author":"Rebecca Rubin","title":"&#8216;Wicked: For Good&#8217; tops Thanksgiving box office","description":"The musical sequel led a crowded holiday weekend&hellip;","url":"https://variety.com/2026/film/box-office/wicked-for-good-thanksgiving-box-office","urlToImage":"https://variety.com/wp-content/uploads/wicked-for-good.jpg","publishedAt":"2026-11-29T16:20:00Z","content":"The musical sequel led a crowded holiday weekend… [+2650 chars]"}"#,
            country: "us", category: .entertainment),
    ]

    static let japanHeadlines: [Sample?] = [
        Sample(
            json:
                #"{"source":{"id":null,"name":"NHK"},"author":null,"title":"東京都心で今季初の冬日　各地で冷え込み","description":"29日朝は強い寒気の影響で、東京都心で今シーズン初めて最低気温が0度未満の冬日となりました。","url":"https://www3.nhk.or.jp/news/html/20261129/k10014600001000.html","urlToImage":null,"publishedAt":"2026-11-29T00:30:00Z","content":null}"#,
            country: "jp", category: .general),
        Sample(
            json:
                #"{"source":{"id":null,"name":"日本経済新聞"},"author":null,"title":"ベトナム、半導体投資を呼び込み　日本企業の進出相次ぐ","description":"ベトナム北部で日本の半導体関連企業による工場新設が相次いでいる。&hellip;","url":"https://www.nikkei.com/article/DGXZQOGM2800V0Y6A121C2000000/","urlToImage":"https://article-image-ix.nikkei.com/vietnam-semiconductor.jpg","publishedAt":"2026-11-28T08:00:00Z","content":null}"#,
            country: "jp", category: .business),
    ]

    static let vietnam: [Sample?] = [
        Sample(
            json:
                #"{"source":{"id":"reuters","name":"Reuters"},"author":"Khanh Vu","title":"Vietnam&#39;s exports jump 15% in November on electronics demand","description":"Vietnam&#8217;s exports rose 15% year-on-year in November, government data showed, led by phones &amp; electronics.","url":"https://www.reuters.com/world/asia-pacific/vietnams-exports-jump-15-november-2026-11-29/","urlToImage":"https://www.reuters.com/resizer/vietnam-port.jpg","publishedAt":"2026-11-29T03:12:45Z","content":"HANOI, Nov 29 (Reuters) - Vietnam's exports… [+2100 chars]"}"#
        ),
        Sample(
            json:
                #"{"source":{"id":null,"name":"Yahoo Finance"},"author":"Reuters","title":"Vietnam November exports up 15% as electronics shipments surge","description":"Syndicated from Reuters.","url":"https://www.reuters.com/world/asia-pacific/vietnams-exports-jump-15-november-2026-11-29/","urlToImage":null,"publishedAt":"2026-11-29T03:40:00Z","content":null}"#
        ),
        Sample(
            json:
                #"{"source":{"id":null,"name":"VnExpress International"},"author":"Nguyễn Quý","title":"Floods hit central Vietnam as Da Nang closes schools","description":"Heavy rain &amp; rising rivers forced Da Nang and Quảng Nam to move 20,000 people.\r\n\r\nMore rain is forecast.","url":"https://e.vnexpress.net/news/news/floods-central-vietnam-da-nang-schools-4820001.html","urlToImage":"http://i1-english.vnecdn.net/floods-da-nang.jpg","publishedAt":"2026-11-28T10:15:30.123Z","content":"Heavy rain and rising rivers… [+1500 chars]"}"#
        ),
        Sample(
            json:
                #"{"source":{"id":null,"name":"NHK"},"author":null,"title":"ベトナム中部で大雨　ダナンなどで浸水被害","description":"ベトナム中部では大雨が続き、<br>ダナンなどで住宅の浸水被害が出ています。&nbsp;","url":"https://www3.nhk.or.jp/news/html/20261128/k10014599991000.html","urlToImage":null,"publishedAt":"2026-11-28T12:00:00Z","content":null}"#
        ),
        Sample(
            json:
                #"{"source":{"id":null,"name":"The Diplomat"},"author":"Sebastian Strangio","title":"Vietnam and Japan deepen ties with a new semiconductor pact","description":"","url":"https://thediplomat.com/2026/11/vietnam-and-japan-deepen-ties-with-a-new-semiconductor-pact/","urlToImage":"https://thediplomat.com/wp-content/uploads/vietnam-japan.jpg","publishedAt":"2026-11-27T09:00:00Z","content":null}"#
        ),
    ]
}
