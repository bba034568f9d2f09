//! HoDoKu's step table (HoDoKu 2.2.4, default options): every technique with its search
//! order, level, base score and whether the default solver asks it, as data. The facts are
//! HoDoKu's (its `Options` step table and `SolutionType` names); the code is ours.

use std::fmt;

/// HoDoKu's difficulty levels, easiest first. A puzzle's level is the hardest level of the
/// techniques its path uses, raised while its score exceeds the level's maximum.
///
/// # Examples
///
/// ```
/// use sudoku_logic::hodoku::Level;
/// assert_eq!(Level::Hard.to_string(), "Hard");
/// assert_eq!(Level::Easy.max_score(), Some(800));
/// assert_eq!("unfair".parse::<Level>(), Ok(Level::Unfair));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Level {
    /// Singles only (score up to 800).
    Easy,
    /// Intersections and the smaller subsets (score up to 1,000).
    Medium,
    /// Fish, wings, single-digit patterns, uniqueness, coloring (score up to 1,600).
    Hard,
    /// Chains, ALS, Sue de Coq, larger finned and Franken fish (score up to 1,800).
    Unfair,
    /// Forcing chains and nets, and guessing.
    Extreme,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] =
        [Level::Easy, Level::Medium, Level::Hard, Level::Unfair, Level::Extreme];

    /// The highest score a puzzle of this level may have (`None`: no limit).
    #[must_use]
    pub const fn max_score(self) -> Option<u32> {
        match self {
            Level::Easy => Some(800),
            Level::Medium => Some(1000),
            Level::Hard => Some(1600),
            Level::Unfair => Some(1800),
            Level::Extreme => None,
        }
    }

    /// HoDoKu's name of the level.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Unfair => "Unfair",
            Level::Extreme => "Extreme",
        }
    }

    /// The level of a path whose hardest technique has level `hardest` and whose score is
    /// `score`: `hardest`, raised while the score exceeds the level's maximum.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_logic::hodoku::Level;
    /// assert_eq!(Level::Easy.raised_by(800), Level::Easy);
    /// assert_eq!(Level::Easy.raised_by(801), Level::Medium);
    /// assert_eq!(Level::Hard.raised_by(1700), Level::Unfair);
    /// ```
    #[must_use]
    pub fn raised_by(self, score: u32) -> Level {
        let mut level = self;
        while let Some(max) = level.max_score()
            && score > max
        {
            level = Level::ALL[level as usize + 1];
        }
        level
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that is not a level.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level {0:?}: expected easy, medium, hard, unfair or extreme")]
pub struct ParseLevelError(pub String);

impl std::str::FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseLevelError(s.to_string()))
    }
}

/// Every technique of HoDoKu's ruleset, one record each: the enum [`HodokuTechnique`], its
/// names and library code, and [`STEP_TABLE`] are made from these rows, so a technique is
/// one row here (plus its finder). A row is `Variant: name, short name, library code, kind`,
/// the kind `row(index, level, base score, enabled by default)` for a row of the step table,
/// or `of(Row)` for a kind a row's search finds (a nice loop is continuous, discontinuous or
/// an AIC), scored and levelled as that row. In enum order; the rows in search order.
macro_rules! techniques {
    ($($(#[$doc:meta])* $v:ident: $name:literal, $short:literal, $code:literal, $kind:ident($($k:tt)*);)*) => {
        /// A technique of HoDoKu's solver (its `SolutionType`), named as HoDoKu names it.
        ///
        /// Most are rows of the step table ([`STEP_TABLE`]); a few are kinds a row's search finds
        /// (a nice loop is continuous, discontinuous or an AIC), scored and levelled as that row.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum HodokuTechnique {
            $($(#[$doc])* $v,)*
        }

        /// The records, in enum order.
        const RECORDS: &[Record] = {
            use HodokuTechnique as T;
            &[$(Record {
                technique: T::$v,
                name: $name,
                short_name: $short,
                library_code: $code,
                kind: techniques!(@kind T::$v, $kind($($k)*)),
            },)*]
        };
    };
    (@kind $t:expr, row($index:literal, $level:ident, $score:literal, $enabled:ident)) => {
        Kind::Row(Row {
            technique: $t,
            index: $index,
            level: Level::$level,
            score: $score,
            enabled: $enabled,
        })
    };
    (@kind $t:expr, of($row:ident)) => {
        Kind::Of(HodokuTechnique::$row)
    };
}

/// Enabled by default.
const Y: bool = true;
/// Not enabled by default.
const N: bool = false;

#[rustfmt::skip]
techniques! {
    /// Full House.
    FullHouse: "Full House", "fh", "0000", row(100, Easy, 4, Y);
    /// Naked Single.
    NakedSingle: "Naked Single", "n1", "0003", row(200, Easy, 4, Y);
    /// Hidden Single.
    HiddenSingle: "Hidden Single", "h1", "0002", row(300, Easy, 14, Y);
    /// Locked Pair.
    LockedPair: "Locked Pair", "l2", "0110", row(1000, Medium, 40, Y);
    /// Locked Triple.
    LockedTriple: "Locked Triple", "l3", "0111", row(1100, Medium, 60, Y);
    /// Locked Candidates Type 1 (Pointing).
    LockedCandidates1: "Locked Candidates Type 1 (Pointing)", "lc1", "0100", row(1200, Medium, 50, Y);
    /// Locked Candidates Type 2 (Claiming).
    LockedCandidates2: "Locked Candidates Type 2 (Claiming)", "lc2", "0101", row(1210, Medium, 50, Y);
    /// Naked Pair.
    NakedPair: "Naked Pair", "n2", "0200", row(1300, Medium, 60, Y);
    /// Naked Triple.
    NakedTriple: "Naked Triple", "n3", "0201", row(1400, Medium, 80, Y);
    /// Hidden Pair.
    HiddenPair: "Hidden Pair", "h2", "0210", row(1500, Medium, 70, Y);
    /// Hidden Triple.
    HiddenTriple: "Hidden Triple", "h3", "0211", row(1600, Medium, 100, Y);
    /// Naked Quadruple.
    NakedQuadruple: "Naked Quadruple", "n4", "0202", row(2000, Hard, 120, Y);
    /// Hidden Quadruple.
    HiddenQuadruple: "Hidden Quadruple", "h4", "0212", row(2100, Hard, 150, Y);
    /// X-Wing.
    XWing: "X-Wing", "bf2", "0300", row(2200, Hard, 140, Y);
    /// Swordfish.
    Swordfish: "Swordfish", "bf3", "0301", row(2300, Hard, 150, Y);
    /// Jellyfish.
    Jellyfish: "Jellyfish", "bf4", "0302", row(2400, Hard, 160, Y);
    /// Squirmbag.
    Squirmbag: "Squirmbag", "bf5", "0303", row(2500, Unfair, 470, N);
    /// Whale.
    Whale: "Whale", "bf6", "0304", row(2600, Unfair, 470, N);
    /// Leviathan.
    Leviathan: "Leviathan", "bf7", "0305", row(2700, Unfair, 470, N);
    /// Remote Pair.
    RemotePair: "Remote Pair", "rp", "0703", row(2800, Hard, 110, Y);
    /// Bivalue Universal Grave + 1.
    BugPlus1: "Bivalue Universal Grave + 1", "bug1", "0610", row(2900, Hard, 100, Y);
    /// Skyscraper.
    Skyscraper: "Skyscraper", "sk", "0400", row(3000, Hard, 130, Y);
    /// 2-String Kite.
    TwoStringKite: "2-String Kite", "2sk", "0401", row(3100, Hard, 150, Y);
    /// Turbot Fish.
    TurbotFish: "Turbot Fish", "tf", "0403", row(3120, Hard, 120, Y);
    /// Empty Rectangle.
    EmptyRectangle: "Empty Rectangle", "er", "0402", row(3170, Hard, 120, Y);
    /// W-Wing.
    WWing: "W-Wing", "w", "0803", row(3200, Hard, 150, Y);
    /// XY-Wing.
    XyWing: "XY-Wing", "xy", "0800", row(3300, Hard, 160, Y);
    /// XYZ-Wing.
    XyzWing: "XYZ-Wing", "xyz", "0801", row(3400, Hard, 180, Y);
    /// Uniqueness Test 1.
    Uniqueness1: "Uniqueness Test 1", "u1", "0600", row(3500, Hard, 100, Y);
    /// Uniqueness Test 2.
    Uniqueness2: "Uniqueness Test 2", "u2", "0601", row(3600, Hard, 100, Y);
    /// Uniqueness Test 3.
    Uniqueness3: "Uniqueness Test 3", "u3", "0602", row(3700, Hard, 100, Y);
    /// Uniqueness Test 4.
    Uniqueness4: "Uniqueness Test 4", "u4", "0603", row(3800, Hard, 100, Y);
    /// Uniqueness Test 5.
    Uniqueness5: "Uniqueness Test 5", "u5", "0604", row(3900, Hard, 100, Y);
    /// Uniqueness Test 6.
    Uniqueness6: "Uniqueness Test 6", "u6", "0605", row(4000, Hard, 100, Y);
    /// Hidden Rectangle.
    HiddenRectangle: "Hidden Rectangle", "hr", "0606", row(4010, Hard, 100, Y);
    /// Avoidable Rectangle Type 1.
    AvoidableRectangle1: "Avoidable Rectangle Type 1", "ar1", "0607", row(4020, Hard, 100, Y);
    /// Avoidable Rectangle Type 2.
    AvoidableRectangle2: "Avoidable Rectangle Type 2", "ar2", "0608", row(4030, Hard, 100, Y);
    /// Finned X-Wing.
    FinnedXWing: "Finned X-Wing", "fbf2", "0310", row(4100, Hard, 130, Y);
    /// Sashimi X-Wing.
    SashimiXWing: "Sashimi X-Wing", "sbf2", "0320", row(4200, Hard, 150, Y);
    /// Finned Swordfish.
    FinnedSwordfish: "Finned Swordfish", "fbf3", "0311", row(4300, Unfair, 200, Y);
    /// Sashimi Swordfish.
    SashimiSwordfish: "Sashimi Swordfish", "sbf3", "0321", row(4400, Unfair, 240, Y);
    /// Finned Jellyfish.
    FinnedJellyfish: "Finned Jellyfish", "fbf4", "0312", row(4500, Unfair, 250, Y);
    /// Sashimi Jellyfish.
    SashimiJellyfish: "Sashimi Jellyfish", "sbf4", "0322", row(4600, Unfair, 260, Y);
    /// Finned Squirmbag.
    FinnedSquirmbag: "Finned Squirmbag", "fbf5", "0313", row(4700, Unfair, 470, N);
    /// Sashimi Squirmbag.
    SashimiSquirmbag: "Sashimi Squirmbag", "sbf5", "0323", row(4800, Unfair, 470, N);
    /// Finned Whale.
    FinnedWhale: "Finned Whale", "fbf6", "0314", row(4900, Unfair, 470, N);
    /// Sashimi Whale.
    SashimiWhale: "Sashimi Whale", "sbf6", "0324", row(5000, Unfair, 470, N);
    /// Finned Leviathan.
    FinnedLeviathan: "Finned Leviathan", "fbf7", "0315", row(5100, Unfair, 470, N);
    /// Sashimi Leviathan.
    SashimiLeviathan: "Sashimi Leviathan", "sbf7", "0325", row(5200, Unfair, 470, N);
    /// Sue de Coq.
    SueDeCoq: "Sue de Coq", "sdc", "1101", row(5300, Unfair, 250, Y);
    /// Simple Colors.
    SimpleColors: "Simple Colors", "sc", "xxxx", row(5330, Hard, 150, Y);
    /// Multi Colors.
    MultiColors: "Multi Colors", "mc", "xxxx", row(5360, Hard, 200, Y);
    /// X-Chain.
    XChain: "X-Chain", "x", "0701", row(5400, Unfair, 260, Y);
    /// XY-Chain.
    XyChain: "XY-Chain", "xyc", "0702", row(5500, Unfair, 260, Y);
    /// Nice Loop/AIC.
    NiceLoop: "Nice Loop/AIC", "nl", "xxxx", row(5600, Unfair, 280, Y);
    /// Grouped Nice Loop/AIC.
    GroupedNiceLoop: "Grouped Nice Loop/AIC", "gnl", "xxxx", row(5650, Unfair, 300, Y);
    /// Almost Locked Set XZ-Rule.
    AlsXz: "Almost Locked Set XZ-Rule", "axz", "0901", row(5700, Unfair, 300, Y);
    /// Almost Locked Set XY-Wing.
    AlsXyWing: "Almost Locked Set XY-Wing", "axy", "0902", row(5800, Unfair, 320, Y);
    /// Almost Locked Set Chain.
    AlsXyChain: "Almost Locked Set Chain", "ach", "0903", row(5900, Unfair, 340, Y);
    /// Death Blossom.
    DeathBlossom: "Death Blossom", "db", "0904", row(6000, Unfair, 360, N);
    /// Franken X-Wing.
    FrankenXWing: "Franken X-Wing", "ff2", "0330", row(6100, Unfair, 300, Y);
    /// Franken Swordfish.
    FrankenSwordfish: "Franken Swordfish", "ff3", "0331", row(6200, Unfair, 350, Y);
    /// Franken Jellyfish.
    FrankenJellyfish: "Franken Jellyfish", "ff4", "0332", row(6300, Unfair, 370, N);
    /// Franken Squirmbag.
    FrankenSquirmbag: "Franken Squirmbag", "ff5", "0333", row(6400, Extreme, 470, N);
    /// Franken Whale.
    FrankenWhale: "Franken Whale", "ff6", "0334", row(6500, Extreme, 470, N);
    /// Franken Leviathan.
    FrankenLeviathan: "Franken Leviathan", "ff7", "0335", row(6600, Extreme, 470, N);
    /// Finned Franken X-Wing.
    FinnedFrankenXWing: "Finned Franken X-Wing", "fff2", "0340", row(6700, Unfair, 390, Y);
    /// Finned Franken Swordfish.
    FinnedFrankenSwordfish: "Finned Franken Swordfish", "fff3", "0341", row(6800, Unfair, 410, Y);
    /// Finned Franken Jellyfish.
    FinnedFrankenJellyfish: "Finned Franken Jellyfish", "fff4", "0342", row(6900, Unfair, 430, N);
    /// Finned Franken Squirmbag.
    FinnedFrankenSquirmbag: "Finned Franken Squirmbag", "fff5", "0343", row(7000, Extreme, 470, N);
    /// Finned Franken Whale.
    FinnedFrankenWhale: "Finned Franken Whale", "fff6", "0344", row(7100, Extreme, 470, N);
    /// Finned Franken Leviathan.
    FinnedFrankenLeviathan: "Finned Franken Leviathan", "fff7", "0345", row(7200, Extreme, 470, N);
    /// Mutant X-Wing.
    MutantXWing: "Mutant X-Wing", "mf2", "0350", row(7300, Extreme, 450, N);
    /// Mutant Swordfish.
    MutantSwordfish: "Mutant Swordfish", "mf3", "0351", row(7400, Extreme, 450, N);
    /// Mutant Jellyfish.
    MutantJellyfish: "Mutant Jellyfish", "mf4", "0352", row(7500, Extreme, 450, N);
    /// Mutant Squirmbag.
    MutantSquirmbag: "Mutant Squirmbag", "mf5", "0353", row(7600, Extreme, 470, N);
    /// Mutant Whale.
    MutantWhale: "Mutant Whale", "mf6", "0354", row(7700, Extreme, 470, N);
    /// Mutant Leviathan.
    MutantLeviathan: "Mutant Leviathan", "mf7", "0355", row(7800, Extreme, 470, N);
    /// Finned Mutant X-Wing.
    FinnedMutantXWing: "Finned Mutant X-Wing", "fmf2", "0360", row(7900, Extreme, 470, N);
    /// Finned Mutant Swordfish.
    FinnedMutantSwordfish: "Finned Mutant Swordfish", "fmf3", "0361", row(8000, Extreme, 470, N);
    /// Finned Mutant Jellyfish.
    FinnedMutantJellyfish: "Finned Mutant Jellyfish", "fmf4", "0362", row(8100, Extreme, 470, N);
    /// Finned Mutant Squirmbag.
    FinnedMutantSquirmbag: "Finned Mutant Squirmbag", "fmf5", "0363", row(8200, Extreme, 470, N);
    /// Finned Mutant Whale.
    FinnedMutantWhale: "Finned Mutant Whale", "fmf6", "0364", row(8300, Extreme, 470, N);
    /// Finned Mutant Leviathan.
    FinnedMutantLeviathan: "Finned Mutant Leviathan", "fmf7", "0365", row(8400, Extreme, 470, N);
    /// Kraken Fish.
    KrakenFish: "Kraken Fish", "kf", "xxxx", row(8450, Extreme, 500, N);
    /// Forcing Chain.
    ForcingChain: "Forcing Chain", "fc", "xxxx", row(8500, Extreme, 500, Y);
    /// Forcing Net.
    ForcingNet: "Forcing Net", "fn", "xxxx", row(8600, Extreme, 700, Y);
    /// Template Set.
    TemplateSet: "Template Set", "ts", "1201", row(8700, Extreme, 10000, N);
    /// Template Delete.
    TemplateDel: "Template Delete", "td", "1202", row(8800, Extreme, 10000, N);
    /// Brute Force.
    BruteForce: "Brute Force", "bf", "xxxx", row(8900, Extreme, 10000, Y);
    /// Give Up.
    GiveUp: "Give Up", "gu", "xxxx", row(2147483647, Extreme, 20000, Y);
    /// Continuous Nice Loop.
    ContinuousNiceLoop: "Continuous Nice Loop", "cnl", "0706", of(NiceLoop);
    /// Discontinuous Nice Loop.
    DiscontinuousNiceLoop: "Discontinuous Nice Loop", "dnl", "0707", of(NiceLoop);
    /// AIC.
    Aic: "AIC", "aic", "0708", of(NiceLoop);
    /// Grouped Continuous Nice Loop.
    GroupedContinuousNiceLoop: "Grouped Continuous Nice Loop", "gcnl", "0709", of(GroupedNiceLoop);
    /// Grouped Discontinuous Nice Loop.
    GroupedDiscontinuousNiceLoop: "Grouped Discontinuous Nice Loop", "gdnl", "0710", of(GroupedNiceLoop);
    /// Grouped AIC.
    GroupedAic: "Grouped AIC", "gaic", "0711", of(GroupedNiceLoop);
    /// Forcing Chain Contradiction.
    ForcingChainContradiction: "Forcing Chain Contradiction", "fcc", "1301", of(ForcingChain);
    /// Forcing Chain Verity.
    ForcingChainVerity: "Forcing Chain Verity", "fcv", "1302", of(ForcingChain);
    /// Forcing Net Contradiction.
    ForcingNetContradiction: "Forcing Net Contradiction", "fnc", "1303", of(ForcingNet);
    /// Forcing Net Verity.
    ForcingNetVerity: "Forcing Net Verity", "fnv", "1304", of(ForcingNet);
    /// Kraken Fish Type 1.
    KrakenFishType1: "Kraken Fish Type 1", "kf1", "0371", of(KrakenFish);
    /// Kraken Fish Type 2.
    KrakenFishType2: "Kraken Fish Type 2", "kf2", "0372", of(KrakenFish);
    /// Dual 2-String Kite.
    DualTwoStringKite: "Dual 2-String Kite", "d2sk", "0404", of(TwoStringKite);
    /// Dual Empty Rectangle.
    DualEmptyRectangle: "Dual Empty Rectangle", "der", "0405", of(EmptyRectangle);
    /// Simple Colors Trap.
    SimpleColorsTrap: "Simple Colors Trap", "sc1", "0500", of(SimpleColors);
    /// Simple Colors Wrap.
    SimpleColorsWrap: "Simple Colors Wrap", "sc2", "0501", of(SimpleColors);
    /// Multi Colors 1.
    MultiColors1: "Multi Colors 1", "mc1", "0502", of(MultiColors);
    /// Multi Colors 2.
    MultiColors2: "Multi Colors 2", "mc2", "0503", of(MultiColors);
}

/// A technique's record: its names, its library code, and its row.
struct Record {
    technique: HodokuTechnique,
    name: &'static str,
    short_name: &'static str,
    library_code: &'static str,
    kind: Kind,
}

/// A row of the step table, or the row a technique counts as.
enum Kind {
    Row(Row),
    Of(HodokuTechnique),
}

/// How many rows the step table has.
const ROWS: usize = {
    let (mut n, mut i) = (0, 0);
    while i < RECORDS.len() {
        if let Kind::Row(_) = RECORDS[i].kind {
            n += 1;
        }
        i += 1;
    }
    n
};

/// HoDoKu's step table with its default options: every row in search order (index), its
/// level, its base score and whether the default solver asks it.
pub const STEP_TABLE: &[Row] = &{
    let first = Row {
        technique: HodokuTechnique::FullHouse,
        index: 0,
        level: Level::Easy,
        score: 0,
        enabled: false,
    };
    let mut table = [first; ROWS];
    let (mut i, mut k) = (0, 0);
    while i < RECORDS.len() {
        if let Kind::Row(row) = RECORDS[i].kind {
            table[k] = row;
            k += 1;
        }
        i += 1;
    }
    table
};

/// One row of the step table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Row {
    /// The technique.
    pub technique: HodokuTechnique,
    /// Its place in the search order (smaller first).
    pub index: u32,
    /// Its level.
    pub level: Level,
    /// The score each of its steps adds.
    pub score: u32,
    /// Whether HoDoKu's default solver asks it.
    pub enabled: bool,
}

impl HodokuTechnique {
    /// The technique's record.
    const fn record(self) -> &'static Record {
        &RECORDS[self as usize]
    }

    /// HoDoKu's name (`2-String Kite`).
    #[must_use]
    pub fn name(self) -> &'static str {
        self.record().name
    }

    /// HoDoKu's short name (`2sk`), as its command line and exemplar tags write it.
    #[must_use]
    pub fn short_name(self) -> &'static str {
        self.record().short_name
    }

    /// The technique's code in HoDoKu's regression library (`0401`; `xxxx` where it has none).
    #[must_use]
    pub fn library_code(self) -> &'static str {
        self.record().library_code
    }

    /// The row of the step table that finds it and scores it (itself, for a row).
    #[must_use]
    pub fn row(self) -> &'static Row {
        match &self.record().kind {
            Kind::Row(row) => row,
            Kind::Of(of) => of.row(),
        }
    }

    /// The technique HoDoKu names `name`: its name (`Skyscraper`), short name (`sk`) or
    /// library code (`0400`), case and surrounding spaces aside.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_logic::HodokuTechnique;
    /// let kite = HodokuTechnique::from_name("2-string kite");
    /// assert_eq!(kite, HodokuTechnique::from_name("2sk"));
    /// assert_eq!(kite.map(|t| t.library_code()), Some("0401"));
    /// assert_eq!(HodokuTechnique::from_name("Sky scraper"), None);
    /// ```
    #[must_use]
    pub fn from_name(name: &str) -> Option<HodokuTechnique> {
        let name = name.trim();
        RECORDS
            .iter()
            .find(|r| r.name.eq_ignore_ascii_case(name) || r.short_name.eq_ignore_ascii_case(name))
            .map(|r| r.technique)
            .or_else(|| HodokuTechnique::from_library_code(name))
    }

    /// The technique of a library code (case aside; a siamese fish's code ends in an extra
    /// `1`).
    #[must_use]
    pub fn from_library_code(code: &str) -> Option<HodokuTechnique> {
        let find = |c: &str| {
            RECORDS
                .iter()
                .find(|r| r.library_code != "xxxx" && r.library_code.eq_ignore_ascii_case(c))
                .map(|r| r.technique)
        };
        find(code).or_else(|| code.strip_suffix('1').and_then(find))
    }
}

impl fmt::Display for HodokuTechnique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_in_search_order_and_every_technique_has_a_row() {
        assert!(STEP_TABLE.windows(2).all(|w| w[0].index < w[1].index));
        for (i, r) in RECORDS.iter().enumerate() {
            assert_eq!(r.technique as usize, i, "{}: the records are in enum order", r.name);
            let row = r.technique.row();
            assert!(STEP_TABLE.contains(row), "{}", r.name);
        }
        assert_eq!(STEP_TABLE.iter().filter(|r| r.enabled).count(), 58);
        let nice = HodokuTechnique::ContinuousNiceLoop.row();
        assert_eq!((nice.technique, nice.score), (HodokuTechnique::NiceLoop, 280));
        assert_eq!(
            HodokuTechnique::from_library_code("03111"),
            Some(HodokuTechnique::FinnedSwordfish)
        );
    }
}
