extension FakeFeeds {
    /// Three feeds of different shapes, modelled on real ones (VnExpress's RSS with CDATA and an
    /// image in the description, NHK's Japanese RSS, a WordPress-style Atom blog), dated the day
    /// before 2026-12-01. One headline carries markup and chat mentions (hostile input for the
    /// formatter), and one story reaches two feeds under the same link (for the merge).
    public static let builtInSamples: [Sample] = [vnexpress, nhk, blog]

    /// An RSS 2.0 document of one channel: the XML declaration in the feed's own spelling of
    /// `encoding`, then `channel`'s elements (its title, link and items) inside `<rss>` and `<channel>`.
    static func rss(encoding: String, _ channel: String) -> String {
        """
        <?xml version="1.0" encoding="\(encoding)"?>
        <rss version="2.0">
        <channel>
        \(channel)
        </channel>
        </rss>
        """
    }

    static let vnexpress = Sample(
        file: "vnexpress.rss",
        body: rss(
            encoding: "UTF-8",
            """
            <title>Tin mới nhất - VnExpress RSS</title>
            <link>https://vnexpress.net/rss/tin-moi-nhat.rss</link>
            <ttl>15</ttl>
            <item>
            <title>Đà Nẵng đón đợt mưa lớn cuối tháng 11</title>
            <description><![CDATA[ <a href="https://vnexpress.net/da-nang-don-dot-mua-lon-4900001.html"><img src="https://i1-vnexpress.vnecdn.net/2026/11/30/da-nang-mua.jpg?w=1200&amp;h=0"></a></br>Mưa lớn kéo dài ở Đà Nẵng và Quảng Nam, nhiều tuyến đường ngập sâu. ]]></description>
            <pubDate>Mon, 30 Nov 2026 20:30:48 +0700</pubDate>
            <link>https://vnexpress.net/da-nang-don-dot-mua-lon-4900001.html</link>
            <guid>https://vnexpress.net/da-nang-don-dot-mua-lon-4900001.html</guid>
            </item>
            <item>
            <title>Giá vàng tăng mạnh phiên cuối tuần</title>
            <description><![CDATA[ Giá vàng miếng &amp; vàng nhẫn cùng tăng. ]]></description>
            <pubDate>Mon, 30 Nov 2026 18:05:00 +0700</pubDate>
            <link>https://vnexpress.net/gia-vang-tang-manh-4900002.html</link>
            </item>
            <item>
            <title>Tokyo đón tuyết đầu mùa</title>
            <description>Tuyết rơi ở Tokyo sớm hơn mọi năm.</description>
            <pubDate>Mon, 30 Nov 2026 12:00:00 +0700</pubDate>
            <link>https://www3.nhk.or.jp/news/html/20261130/k10015100001000.html</link>
            </item>
            """))

    static let nhk = Sample(
        file: "nhk.xml",
        body: rss(
            encoding: "utf-8",
            """
            <title>NHKニュース</title>
            <link>http://www3.nhk.or.jp/news/</link>
            <item>
            <title>東京都心で初雪 平年より早く</title>
            <link>https://www3.nhk.or.jp/news/html/20261130/k10015100001000.html</link>
            <guid isPermaLink="true">https://www3.nhk.or.jp/news/html/20261130/k10015100001000.html</guid>
            <pubDate>Mon, 30 Nov 2026 15:10:00 +0900</pubDate>
            <description>東京の都心で30日朝、初雪が観測されました。</description>
            </item>
            <item>
            <title>ベトナム中部で大雨 ダナンで冠水</title>
            <link>https://www3.nhk.or.jp/news/html/20261130/k10015100002000.html</link>
            <pubDate>Mon, 30 Nov 2026 21:40:00 +0900</pubDate>
            <description>ベトナム中部のダナンで大雨が続いています。</description>
            </item>
            """))

    static let blog = Sample(
        file: "blog.atom", contentType: "application/atom+xml; charset=utf-8",
        body: """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://blog.example.com/">
            <title>Example Engineering</title>
            <id>tag:blog.example.com,2026:feed</id>
            <updated>2026-11-30T23:00:00Z</updated>
            <entry>
            <title type="html">&lt;b&gt;Release 4.2&lt;/b&gt; &amp;lt;!channel&amp;gt; *now* &amp;lt;https://evil.example|click&amp;gt;</title>
            <link rel="alternate" href="posts/release-4-2"/>
            <id>tag:blog.example.com,2026:release-4-2</id>
            <updated>2026-11-30T23:00:00.000Z</updated>
            <summary type="html">&lt;p&gt;Faster builds &amp;amp; a new &lt;code&gt;&amp;lt;cache&amp;gt;&lt;/code&gt;.&lt;/p&gt;</summary>
            </entry>
            <entry>
            <title>Notes from our on-call week</title>
            <link rel="alternate" href="posts/on-call"/>
            <id>tag:blog.example.com,2026:on-call</id>
            <summary>What paged us, and what we changed.</summary>
            </entry>
            </feed>
            """)
}
