import Foundation
import Testing

@testable import TenkiCore

/// Real RSS feeds (provenance in Tests/Fixtures/feeds/README.md), each with its first items pinned.
@Suite struct FeedParserRSSFixtureTests {
    @Test func wordPressFeedWithContentEncodedAndDCCreator() throws {
        let feed = try FeedFixtures.parse("github_changelog_2022_wordpress_rss2_content_encoded_dc_creator_TRIMMED_2_items.xml")
        #expect(feed.title == "GitHub Changelog")
        #expect(feed.items.count == 2)
        let first = try #require(feed.items.first)
        #expect(first.title == "Secret scanning: Admins can now provide a link to display when a push is blocked")
        #expect(
            first.link
                == "https://github.blog/changelog/"
                + "2022-08-24-secret-scanning-admins-can-now-provide-a-link-to-display-when-a-push-is-blocked"
        )
        #expect(first.author == "Kevin Duck")
        #expect(first.published == FeedFixtures.date("2022-08-24T17:00:54Z"))
        #expect(first.summary == "Secret scanning: Admins can now provide a link to display when a push is blocked")
        // The picture is only in content:encoded, with `&#038;` in its URL.
        #expect(
            first.imageURL
                == "https://i0.wp.com/user-images.githubusercontent.com/81782111/"
                + "186042467-171209d3-ab13-4a02-88d2-498aa15020b3.png?w=600&ssl=1"
        )
        #expect(feed.items[1].title == "Improved UI for syncing a fork")
    }

    @Test func bbcFeedWithMediaThumbnailAndPaddedCDATA() throws {
        let feed = try FeedFixtures.parse(
            "bbc_sport_premier_league_2026_rss2_media_thumbnail_cdata_padded_AS_DISPLAYED_TRIMMED_2_items.xml")
        #expect(feed.title == "BBC Sport")
        let first = try #require(feed.items.first)
        #expect(first.title == "Premier League predictions 2026-27: BBC Sport pundits pick their top four")
        #expect(first.link == "https://www.bbc.co.uk/sport/football/articles/cp8edryd7plo?at_medium=RSS&at_campaign=rss")
        #expect(first.published == FeedFixtures.date("2026-08-20T05:24:16Z"))
        #expect(
            first.imageURL
                == "https://ichef.bbci.co.uk/ace/standard/240/cpsprodpb/86f1/live/4444d1b0-9bb6-11f1-b109-879e35c24276.jpg")
        #expect(first.summary?.hasPrefix("We ask 26 BBC Sport football pundits") == true)
        #expect(feed.items[1].summary?.contains("Liverpool’s future") == true)
    }

    @Test func mediaContentWithoutTypeIsAnImageByItsExtension() throws {
        let feed = try FeedFixtures.parse("the_athletic_soccer_2026_rss2_media_content_without_type_TRIMMED_2_items.xml")
        #expect(feed.title == "Soccer - The Athletic")
        let first = try #require(feed.items.first)
        #expect(first.title == "Trent Alexander-Arnold, Jose Mourinho and a crucial second season at Real Madrid")
        #expect(
            first.imageURL == "https://static01.nyt.com/athletic/uploads/wp/2026/08/19121601/GettyImages-2290319884-scaled.jpg")
        #expect(first.published == FeedFixtures.date("2026-08-20T04:16:55Z"))
        #expect(feed.items[1].imageURL?.hasSuffix("0820_PL_Predictions_Wk1-1.png") == true)
    }

    @Test func vietnameseFeedWithCDATAHTMLAndAnEnclosure() throws {
        let feed = try FeedFixtures.parse("vnexpress_the-gioi_2025_rss2_vi_cdata_enclosure_AS_DISPLAYED_TRIMMED_1_item.xml")
        #expect(feed.title == "Thế giới - VnExpress RSS")
        let first = try #require(feed.items.first)
        #expect(first.title == "Israel nối gót Mỹ rời Hội đồng Nhân quyền LHQ")
        #expect(first.link == "https://vnexpress.net/israel-noi-got-my-roi-hoi-dong-nhan-quyen-lhq-4846612.html")
        #expect(
            first.summary
                == "Ngoại trưởng Israel cho biết nước này sẽ rút khỏi Hội đồng Nhân quyền Liên Hợp Quốc, "
                + "hưởng ứng quyết định tương tự của Mỹ."
        )
        #expect(first.published == FeedFixtures.date("2025-02-06T20:30:48+07:00"))
        #expect(first.imageURL?.hasPrefix("https://i1-vnexpress.vnecdn.net/2025/02/06/afp-20250123-36vm3wf") == true)
        #expect(first.imageURL?.hasSuffix("?w=1200&h=0&q=100&dpr=1&fit=crop&s=EZLAecVUZhLBSg818oeXbA") == true)
    }

    @Test func vietnameseFeedWithThePictureOnlyInTheDescription() throws {
        let feed = try FeedFixtures.parse("vnexpress_2019_rss2_vi_en_cdata_img_in_description.xml")
        #expect(feed.title == nil)
        #expect(feed.items.count == 2)
        let first = try #require(feed.items.first)
        #expect(first.title == "Vietnam designer’s collection at New York Fashion Week garners global attention")
        #expect(
            first.summary
                == "Cong Tri’s 2019 fall-winter collection he unveiled at the New York Fashion Week Monday "
                + "has come in for much praise."
        )
        #expect(first.imageURL == "https://i-english.vnecdn.net/2019/02/14/1-1550110709-2805-1550110764_180x108.jpg")
        #expect(first.published == FeedFixtures.date("2019-02-14T13:34:15+07:00"))
        #expect(feed.items[1].title == "Siêu trăng lớn nhất năm sắp thắp sáng bầu trời tháng 2")
    }

    @Test func japaneseFeed() throws {
        let feed = try FeedFixtures.parse("nhk_news_2026_rss2_ja_TRIMMED_2_items.xml")
        #expect(feed.title == "NHKニュース")
        let first = try #require(feed.items.first)
        #expect(first.title == "トランプ氏 軍事作戦終結に向けた協議を主張 イランは否定")
        #expect(first.link == "http://www3.nhk.or.jp/news/html/20260331/k10015088071000.html")
        #expect(first.summary == "テスト記事の説明文")
        #expect(first.published == FeedFixtures.date("2026-03-31T08:32:30+09:00"))
    }

    @Test func shiftJISDeclaredInThePrologReadsTheSameAsUTF8() throws {
        let shiftJIS = try Fixtures.bytes("feeds/nhk_news_2026_rss2_ja_shift_jis_DERIVED_by_iconv.xml")
        #expect(String(validating: shiftJIS, as: UTF8.self) == nil)
        let feed = try FeedFixtures.parse("nhk_news_2026_rss2_ja_shift_jis_DERIVED_by_iconv.xml")
        #expect(feed == (try FeedFixtures.parse("nhk_news_2026_rss2_ja_TRIMMED_2_items.xml")))
    }

    @Test func iso88591FeedWithCDATALinkAndEscapedHTML() throws {
        let feed = try FeedFixtures.parse("threadless_feedburner_2010_rss2_iso-8859-1.xml")
        #expect(feed.title == "Threadless Weekly")
        let first = try #require(feed.items.first)
        #expect(first.title == "Tees announced on December 19")
        #expect(
            first.link == "http://www.threadless.com/index/?week=2010-12-19&utm_medium=feed&utm_source=rss&utm_campaign=weekly")
        #expect(first.summary?.hasPrefix("Psusennes MMXII by Eric Zelinski Mo'Deer Nature by Jerry Maninang") == true)
        #expect(first.imageURL == "http://www.threadless.com/product/2633/minizoom.jpg")
        #expect(first.published == FeedFixtures.date("2010-12-19T00:00:00-06:00"))
    }

    @Test func rss2SpecSampleWithUntitledItemsLinkedByTheirGuid() throws {
        let feed = try FeedFixtures.parse("scripting_news_rss2_spec_sample_untitled_items_TRIMMED_3_items.xml")
        #expect(feed.title == "Scripting News")
        #expect(feed.items.count == 3)
        let first = try #require(feed.items.first)
        #expect(first.title == nil)
        #expect(first.link == "http://scriptingnews.userland.com/backissues/2002/09/29#When:6:56:02PM")
        #expect(first.summary?.hasPrefix("\"rssflowersalignright\"With any luck we should have one or two more days") == true)
        #expect(first.published == FeedFixtures.date("2002-09-30T01:56:02Z"))
        #expect(feed.items[2].title == "Law and Order")
        #expect(feed.items[2].imageURL == "http://radio.weblogs.com/0001015/images/2002/09/29/lenny.gif")
    }

    @Test func rss091FeedWithoutDates() throws {
        let feed = try FeedFixtures.parse("writetheweb_rss091_spec_no_dates_TRIMMED_2_items.xml")
        #expect(feed.title == "WriteTheWeb")
        #expect(feed.items.map(\.published) == [nil, nil])
        let first = try #require(feed.items.first)
        #expect(first.title == "Giving the world a pluggable Gnutella")
        #expect(first.link == "http://writetheweb.com/read.php?item=24")
        #expect(
            first.summary
                == "WorldOS is a framework on which to build programs that work like Freenet or Gnutella -allowing "
                + "distributed applications using peer-to-peer routing."
        )
    }

    @Test func rss2InADefaultNamespaceWithDublinCoreModules() throws {
        let feed = try FeedFixtures.parse("pocketsoap_rss2_default_namespace_dc_modules_2002.xml")
        #expect(feed.title == "RSS Tests - RSS2.0 w/ NS")
        let first = try #require(feed.items.first)
        #expect(first.title == "Test Item - RSS2.0 w/ NS")
        #expect(first.link == "http://www.pocketsoap.com/weblog/rssTests/rss2.0NSwithModules.xml#1")
        #expect(first.summary?.hasPrefix("This is a fairly standard RSS 2.0 feed, it uses a few modules") == true)
        #expect(first.published == nil)
    }

    @Test func rss1RDFFeedWithItemsBesideTheChannel() throws {
        let feed = try FeedFixtures.parse("pocketsoap_rss1_rdf_modules_2002.xml")
        #expect(feed.title == "RSS Tests - RSS 1.0")
        #expect(feed.items.count == 1)
        #expect(feed.items.first?.title == "Test Item - RSS 1.0")
        #expect(feed.items.first?.link == "http://www.pocketsoap.com/weblog/rssTests/rss1.0withModules.xml#1")
    }

    @Test func c1ControlsInUTF8AreReadAsTheWindows1252CharactersTheyWereMeantAs() throws {
        let feed = try FeedFixtures.parse("feedparser_utf8_c1_controls_meaning_windows-1252.xml")
        #expect(feed.items == [FeedItem(title: nil, link: nil, summary: "don\u{2019}t")])
    }
}
