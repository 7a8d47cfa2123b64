import Testing
@testable import Switchyard

@Suite struct PathResolverTests {
    @Test(arguments: [
        ("", "/"), ("/", "/"), ("a", "/a"), ("//a//b//", "/a/b"), ("/a/./b", "/a/b"),
        ("/a/b/..", "/a"), ("/..", "/"), ("/../../a", "/a"), ("//a/./b/../c/", "/a/c"), ("/a/.../b", "/a/.../b"),
    ])
    func normalises(_ input: String, _ expected: String) {
        #expect(PathResolver.normalize(input) == expected)
    }

    @Test func resolvesRelativePathsLikeSwiftUIRouter() {
        #expect(PathResolver.resolve("latest", against: "/news") == "/news/latest")
        #expect(PathResolver.resolve("./latest", against: "/news") == "/news/latest")
        #expect(PathResolver.resolve("../settings", against: "/news/latest") == "/news/settings")
        #expect(PathResolver.resolve("..", against: "/news") == "/")
        #expect(PathResolver.resolve("../../../x", against: "/a") == "/x")
        #expect(PathResolver.resolve("/abs", against: "/x") == "/abs")
        #expect(PathResolver.resolve("", against: "/x/y") == "/x/y")
    }

    @Test func locationSplitsQueryAndFragment() {
        let location = Location(parsing: "/a/b?x=1&flag&x=2&name=J%C3%BCrgen%20K#top%20part")
        #expect(location.path == "/a/b")
        #expect(location.query == ["x": "2", "flag": "", "name": "Jürgen K"])
        #expect(location.fragment == "top%20part")
        #expect(Location(parsing: "/a#").fragment == "")
        #expect(Location(parsing: "/a").fragment == nil)
        #expect(Location(parsing: "/a?").query == [:])
        #expect(Location(parsing: "/a?=v&k=").query == ["": "v", "k": ""])
        #expect(Location(parsing: "/a?q=a+b").query == ["q": "a+b"])
        #expect(Location(parsing: "/a#x?y=1").query == [:])
    }

    @Test func locationResolvesRelativeToCurrent() {
        #expect(Location(parsing: "../c?x=1", relativeTo: "/a/b").path == "/a/c")
        #expect(Location(parsing: "?x=1", relativeTo: "/a/b") == Location(path: "/a/b", query: ["x": "1"]))
    }

    @Test func percentDecoding() {
        #expect(PercentCoding.decode("a%20b%2Fc") == "a b/c")
        #expect(PercentCoding.decode("100%") == "100%")
        #expect(PercentCoding.decode("%zz") == "%zz")
        #expect(PercentCoding.decode("%4") == "%4")
        #expect(PercentCoding.decode("%41%zz%42") == "A%zzB")
        #expect(PercentCoding.decode("%FF") == "%FF")
        #expect(PercentCoding.decode("%00") == "\u{0}")
        #expect(PercentCoding.encode("a b/ü?&=") == "a%20b%2F%C3%BC%3F%26%3D")
    }
}
