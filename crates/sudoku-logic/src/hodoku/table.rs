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
/// use sudoku_logic::Level;
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
    /// use sudoku_logic::Level;
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

/// A technique of HoDoKu's solver (its `SolutionType`), named as HoDoKu names it.
///
/// Most are rows of the step table ([`STEP_TABLE`]); a few are kinds a row's search finds
/// (a nice loop is continuous, discontinuous or an AIC), scored and levelled as that row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum HodokuTechnique {
    /// Full House.
    FullHouse,
    /// Naked Single.
    NakedSingle,
    /// Hidden Single.
    HiddenSingle,
    /// Locked Pair.
    LockedPair,
    /// Locked Triple.
    LockedTriple,
    /// Locked Candidates Type 1 (Pointing).
    LockedCandidates1,
    /// Locked Candidates Type 2 (Claiming).
    LockedCandidates2,
    /// Naked Pair.
    NakedPair,
    /// Naked Triple.
    NakedTriple,
    /// Hidden Pair.
    HiddenPair,
    /// Hidden Triple.
    HiddenTriple,
    /// Naked Quadruple.
    NakedQuadruple,
    /// Hidden Quadruple.
    HiddenQuadruple,
    /// X-Wing.
    XWing,
    /// Swordfish.
    Swordfish,
    /// Jellyfish.
    Jellyfish,
    /// Squirmbag.
    Squirmbag,
    /// Whale.
    Whale,
    /// Leviathan.
    Leviathan,
    /// Remote Pair.
    RemotePair,
    /// Bivalue Universal Grave + 1.
    BugPlus1,
    /// Skyscraper.
    Skyscraper,
    /// 2-String Kite.
    TwoStringKite,
    /// Turbot Fish.
    TurbotFish,
    /// Empty Rectangle.
    EmptyRectangle,
    /// W-Wing.
    WWing,
    /// XY-Wing.
    XyWing,
    /// XYZ-Wing.
    XyzWing,
    /// Uniqueness Test 1.
    Uniqueness1,
    /// Uniqueness Test 2.
    Uniqueness2,
    /// Uniqueness Test 3.
    Uniqueness3,
    /// Uniqueness Test 4.
    Uniqueness4,
    /// Uniqueness Test 5.
    Uniqueness5,
    /// Uniqueness Test 6.
    Uniqueness6,
    /// Hidden Rectangle.
    HiddenRectangle,
    /// Avoidable Rectangle Type 1.
    AvoidableRectangle1,
    /// Avoidable Rectangle Type 2.
    AvoidableRectangle2,
    /// Finned X-Wing.
    FinnedXWing,
    /// Sashimi X-Wing.
    SashimiXWing,
    /// Finned Swordfish.
    FinnedSwordfish,
    /// Sashimi Swordfish.
    SashimiSwordfish,
    /// Finned Jellyfish.
    FinnedJellyfish,
    /// Sashimi Jellyfish.
    SashimiJellyfish,
    /// Finned Squirmbag.
    FinnedSquirmbag,
    /// Sashimi Squirmbag.
    SashimiSquirmbag,
    /// Finned Whale.
    FinnedWhale,
    /// Sashimi Whale.
    SashimiWhale,
    /// Finned Leviathan.
    FinnedLeviathan,
    /// Sashimi Leviathan.
    SashimiLeviathan,
    /// Sue de Coq.
    SueDeCoq,
    /// Simple Colors.
    SimpleColors,
    /// Multi Colors.
    MultiColors,
    /// X-Chain.
    XChain,
    /// XY-Chain.
    XyChain,
    /// Nice Loop/AIC.
    NiceLoop,
    /// Grouped Nice Loop/AIC.
    GroupedNiceLoop,
    /// Almost Locked Set XZ-Rule.
    AlsXz,
    /// Almost Locked Set XY-Wing.
    AlsXyWing,
    /// Almost Locked Set Chain.
    AlsXyChain,
    /// Death Blossom.
    DeathBlossom,
    /// Franken X-Wing.
    FrankenXWing,
    /// Franken Swordfish.
    FrankenSwordfish,
    /// Franken Jellyfish.
    FrankenJellyfish,
    /// Franken Squirmbag.
    FrankenSquirmbag,
    /// Franken Whale.
    FrankenWhale,
    /// Franken Leviathan.
    FrankenLeviathan,
    /// Finned Franken X-Wing.
    FinnedFrankenXWing,
    /// Finned Franken Swordfish.
    FinnedFrankenSwordfish,
    /// Finned Franken Jellyfish.
    FinnedFrankenJellyfish,
    /// Finned Franken Squirmbag.
    FinnedFrankenSquirmbag,
    /// Finned Franken Whale.
    FinnedFrankenWhale,
    /// Finned Franken Leviathan.
    FinnedFrankenLeviathan,
    /// Mutant X-Wing.
    MutantXWing,
    /// Mutant Swordfish.
    MutantSwordfish,
    /// Mutant Jellyfish.
    MutantJellyfish,
    /// Mutant Squirmbag.
    MutantSquirmbag,
    /// Mutant Whale.
    MutantWhale,
    /// Mutant Leviathan.
    MutantLeviathan,
    /// Finned Mutant X-Wing.
    FinnedMutantXWing,
    /// Finned Mutant Swordfish.
    FinnedMutantSwordfish,
    /// Finned Mutant Jellyfish.
    FinnedMutantJellyfish,
    /// Finned Mutant Squirmbag.
    FinnedMutantSquirmbag,
    /// Finned Mutant Whale.
    FinnedMutantWhale,
    /// Finned Mutant Leviathan.
    FinnedMutantLeviathan,
    /// Kraken Fish.
    KrakenFish,
    /// Forcing Chain.
    ForcingChain,
    /// Forcing Net.
    ForcingNet,
    /// Template Set.
    TemplateSet,
    /// Template Delete.
    TemplateDel,
    /// Brute Force.
    BruteForce,
    /// Give Up.
    GiveUp,
    /// Continuous Nice Loop.
    ContinuousNiceLoop,
    /// Discontinuous Nice Loop.
    DiscontinuousNiceLoop,
    /// AIC.
    Aic,
    /// Grouped Continuous Nice Loop.
    GroupedContinuousNiceLoop,
    /// Grouped Discontinuous Nice Loop.
    GroupedDiscontinuousNiceLoop,
    /// Grouped AIC.
    GroupedAic,
    /// Forcing Chain Contradiction.
    ForcingChainContradiction,
    /// Forcing Chain Verity.
    ForcingChainVerity,
    /// Forcing Net Contradiction.
    ForcingNetContradiction,
    /// Forcing Net Verity.
    ForcingNetVerity,
    /// Kraken Fish Type 1.
    KrakenFishType1,
    /// Kraken Fish Type 2.
    KrakenFishType2,
    /// Dual 2-String Kite.
    DualTwoStringKite,
    /// Dual Empty Rectangle.
    DualEmptyRectangle,
    /// Simple Colors Trap.
    SimpleColorsTrap,
    /// Simple Colors Wrap.
    SimpleColorsWrap,
    /// Multi Colors 1.
    MultiColors1,
    /// Multi Colors 2.
    MultiColors2,
}

/// Names and codes of every technique: (technique, name, short name, library code, the
/// table row it counts as when it is not a row itself).
const NAMES: &[(HodokuTechnique, &str, &str, &str, Option<HodokuTechnique>)] = {
    use HodokuTechnique as T;
    &[
        (T::FullHouse, "Full House", "fh", "0000", None),
        (T::NakedSingle, "Naked Single", "n1", "0003", None),
        (T::HiddenSingle, "Hidden Single", "h1", "0002", None),
        (T::LockedPair, "Locked Pair", "l2", "0110", None),
        (T::LockedTriple, "Locked Triple", "l3", "0111", None),
        (T::LockedCandidates1, "Locked Candidates Type 1 (Pointing)", "lc1", "0100", None),
        (T::LockedCandidates2, "Locked Candidates Type 2 (Claiming)", "lc2", "0101", None),
        (T::NakedPair, "Naked Pair", "n2", "0200", None),
        (T::NakedTriple, "Naked Triple", "n3", "0201", None),
        (T::HiddenPair, "Hidden Pair", "h2", "0210", None),
        (T::HiddenTriple, "Hidden Triple", "h3", "0211", None),
        (T::NakedQuadruple, "Naked Quadruple", "n4", "0202", None),
        (T::HiddenQuadruple, "Hidden Quadruple", "h4", "0212", None),
        (T::XWing, "X-Wing", "bf2", "0300", None),
        (T::Swordfish, "Swordfish", "bf3", "0301", None),
        (T::Jellyfish, "Jellyfish", "bf4", "0302", None),
        (T::Squirmbag, "Squirmbag", "bf5", "0303", None),
        (T::Whale, "Whale", "bf6", "0304", None),
        (T::Leviathan, "Leviathan", "bf7", "0305", None),
        (T::RemotePair, "Remote Pair", "rp", "0703", None),
        (T::BugPlus1, "Bivalue Universal Grave + 1", "bug1", "0610", None),
        (T::Skyscraper, "Skyscraper", "sk", "0400", None),
        (T::TwoStringKite, "2-String Kite", "2sk", "0401", None),
        (T::TurbotFish, "Turbot Fish", "tf", "0403", None),
        (T::EmptyRectangle, "Empty Rectangle", "er", "0402", None),
        (T::WWing, "W-Wing", "w", "0803", None),
        (T::XyWing, "XY-Wing", "xy", "0800", None),
        (T::XyzWing, "XYZ-Wing", "xyz", "0801", None),
        (T::Uniqueness1, "Uniqueness Test 1", "u1", "0600", None),
        (T::Uniqueness2, "Uniqueness Test 2", "u2", "0601", None),
        (T::Uniqueness3, "Uniqueness Test 3", "u3", "0602", None),
        (T::Uniqueness4, "Uniqueness Test 4", "u4", "0603", None),
        (T::Uniqueness5, "Uniqueness Test 5", "u5", "0604", None),
        (T::Uniqueness6, "Uniqueness Test 6", "u6", "0605", None),
        (T::HiddenRectangle, "Hidden Rectangle", "hr", "0606", None),
        (T::AvoidableRectangle1, "Avoidable Rectangle Type 1", "ar1", "0607", None),
        (T::AvoidableRectangle2, "Avoidable Rectangle Type 2", "ar2", "0608", None),
        (T::FinnedXWing, "Finned X-Wing", "fbf2", "0310", None),
        (T::SashimiXWing, "Sashimi X-Wing", "sbf2", "0320", None),
        (T::FinnedSwordfish, "Finned Swordfish", "fbf3", "0311", None),
        (T::SashimiSwordfish, "Sashimi Swordfish", "sbf3", "0321", None),
        (T::FinnedJellyfish, "Finned Jellyfish", "fbf4", "0312", None),
        (T::SashimiJellyfish, "Sashimi Jellyfish", "sbf4", "0322", None),
        (T::FinnedSquirmbag, "Finned Squirmbag", "fbf5", "0313", None),
        (T::SashimiSquirmbag, "Sashimi Squirmbag", "sbf5", "0323", None),
        (T::FinnedWhale, "Finned Whale", "fbf6", "0314", None),
        (T::SashimiWhale, "Sashimi Whale", "sbf6", "0324", None),
        (T::FinnedLeviathan, "Finned Leviathan", "fbf7", "0315", None),
        (T::SashimiLeviathan, "Sashimi Leviathan", "sbf7", "0325", None),
        (T::SueDeCoq, "Sue de Coq", "sdc", "1101", None),
        (T::SimpleColors, "Simple Colors", "sc", "xxxx", None),
        (T::MultiColors, "Multi Colors", "mc", "xxxx", None),
        (T::XChain, "X-Chain", "x", "0701", None),
        (T::XyChain, "XY-Chain", "xyc", "0702", None),
        (T::NiceLoop, "Nice Loop/AIC", "nl", "xxxx", None),
        (T::GroupedNiceLoop, "Grouped Nice Loop/AIC", "gnl", "xxxx", None),
        (T::AlsXz, "Almost Locked Set XZ-Rule", "axz", "0901", None),
        (T::AlsXyWing, "Almost Locked Set XY-Wing", "axy", "0902", None),
        (T::AlsXyChain, "Almost Locked Set Chain", "ach", "0903", None),
        (T::DeathBlossom, "Death Blossom", "db", "0904", None),
        (T::FrankenXWing, "Franken X-Wing", "ff2", "0330", None),
        (T::FrankenSwordfish, "Franken Swordfish", "ff3", "0331", None),
        (T::FrankenJellyfish, "Franken Jellyfish", "ff4", "0332", None),
        (T::FrankenSquirmbag, "Franken Squirmbag", "ff5", "0333", None),
        (T::FrankenWhale, "Franken Whale", "ff6", "0334", None),
        (T::FrankenLeviathan, "Franken Leviathan", "ff7", "0335", None),
        (T::FinnedFrankenXWing, "Finned Franken X-Wing", "fff2", "0340", None),
        (T::FinnedFrankenSwordfish, "Finned Franken Swordfish", "fff3", "0341", None),
        (T::FinnedFrankenJellyfish, "Finned Franken Jellyfish", "fff4", "0342", None),
        (T::FinnedFrankenSquirmbag, "Finned Franken Squirmbag", "fff5", "0343", None),
        (T::FinnedFrankenWhale, "Finned Franken Whale", "fff6", "0344", None),
        (T::FinnedFrankenLeviathan, "Finned Franken Leviathan", "fff7", "0345", None),
        (T::MutantXWing, "Mutant X-Wing", "mf2", "0350", None),
        (T::MutantSwordfish, "Mutant Swordfish", "mf3", "0351", None),
        (T::MutantJellyfish, "Mutant Jellyfish", "mf4", "0352", None),
        (T::MutantSquirmbag, "Mutant Squirmbag", "mf5", "0353", None),
        (T::MutantWhale, "Mutant Whale", "mf6", "0354", None),
        (T::MutantLeviathan, "Mutant Leviathan", "mf7", "0355", None),
        (T::FinnedMutantXWing, "Finned Mutant X-Wing", "fmf2", "0360", None),
        (T::FinnedMutantSwordfish, "Finned Mutant Swordfish", "fmf3", "0361", None),
        (T::FinnedMutantJellyfish, "Finned Mutant Jellyfish", "fmf4", "0362", None),
        (T::FinnedMutantSquirmbag, "Finned Mutant Squirmbag", "fmf5", "0363", None),
        (T::FinnedMutantWhale, "Finned Mutant Whale", "fmf6", "0364", None),
        (T::FinnedMutantLeviathan, "Finned Mutant Leviathan", "fmf7", "0365", None),
        (T::KrakenFish, "Kraken Fish", "kf", "xxxx", None),
        (T::ForcingChain, "Forcing Chain", "fc", "xxxx", None),
        (T::ForcingNet, "Forcing Net", "fn", "xxxx", None),
        (T::TemplateSet, "Template Set", "ts", "1201", None),
        (T::TemplateDel, "Template Delete", "td", "1202", None),
        (T::BruteForce, "Brute Force", "bf", "xxxx", None),
        (T::GiveUp, "Give Up", "gu", "xxxx", None),
        (T::ContinuousNiceLoop, "Continuous Nice Loop", "cnl", "0706", Some(T::NiceLoop)),
        (T::DiscontinuousNiceLoop, "Discontinuous Nice Loop", "dnl", "0707", Some(T::NiceLoop)),
        (T::Aic, "AIC", "aic", "0708", Some(T::NiceLoop)),
        (
            T::GroupedContinuousNiceLoop,
            "Grouped Continuous Nice Loop",
            "gcnl",
            "0709",
            Some(T::GroupedNiceLoop),
        ),
        (
            T::GroupedDiscontinuousNiceLoop,
            "Grouped Discontinuous Nice Loop",
            "gdnl",
            "0710",
            Some(T::GroupedNiceLoop),
        ),
        (T::GroupedAic, "Grouped AIC", "gaic", "0711", Some(T::GroupedNiceLoop)),
        (
            T::ForcingChainContradiction,
            "Forcing Chain Contradiction",
            "fcc",
            "1301",
            Some(T::ForcingChain),
        ),
        (T::ForcingChainVerity, "Forcing Chain Verity", "fcv", "1302", Some(T::ForcingChain)),
        (
            T::ForcingNetContradiction,
            "Forcing Net Contradiction",
            "fnc",
            "1303",
            Some(T::ForcingNet),
        ),
        (T::ForcingNetVerity, "Forcing Net Verity", "fnv", "1304", Some(T::ForcingNet)),
        (T::KrakenFishType1, "Kraken Fish Type 1", "kf1", "0371", Some(T::KrakenFish)),
        (T::KrakenFishType2, "Kraken Fish Type 2", "kf2", "0372", Some(T::KrakenFish)),
        (T::DualTwoStringKite, "Dual 2-String Kite", "d2sk", "0404", Some(T::TwoStringKite)),
        (T::DualEmptyRectangle, "Dual Empty Rectangle", "der", "0405", Some(T::EmptyRectangle)),
        (T::SimpleColorsTrap, "Simple Colors Trap", "sc1", "0500", Some(T::SimpleColors)),
        (T::SimpleColorsWrap, "Simple Colors Wrap", "sc2", "0501", Some(T::SimpleColors)),
        (T::MultiColors1, "Multi Colors 1", "mc1", "0502", Some(T::MultiColors)),
        (T::MultiColors2, "Multi Colors 2", "mc2", "0503", Some(T::MultiColors)),
    ]
};

/// HoDoKu's step table with its default options: every row in search order (index), its
/// level, its base score and whether the default solver asks it.
#[rustfmt::skip]
pub const STEP_TABLE: &[Row] = {
    use HodokuTechnique as T;
    use Level::{Easy, Extreme, Hard, Medium, Unfair};
    const Y: bool = true;
    const N: bool = false;
    &[
        // technique, index, level, base score, enabled by default
        row(T::FullHouse, 100, Easy, 4, Y),
        row(T::NakedSingle, 200, Easy, 4, Y),
        row(T::HiddenSingle, 300, Easy, 14, Y),
        row(T::LockedPair, 1000, Medium, 40, Y),
        row(T::LockedTriple, 1100, Medium, 60, Y),
        row(T::LockedCandidates1, 1200, Medium, 50, Y),
        row(T::LockedCandidates2, 1210, Medium, 50, Y),
        row(T::NakedPair, 1300, Medium, 60, Y),
        row(T::NakedTriple, 1400, Medium, 80, Y),
        row(T::HiddenPair, 1500, Medium, 70, Y),
        row(T::HiddenTriple, 1600, Medium, 100, Y),
        row(T::NakedQuadruple, 2000, Hard, 120, Y),
        row(T::HiddenQuadruple, 2100, Hard, 150, Y),
        row(T::XWing, 2200, Hard, 140, Y),
        row(T::Swordfish, 2300, Hard, 150, Y),
        row(T::Jellyfish, 2400, Hard, 160, Y),
        row(T::Squirmbag, 2500, Unfair, 470, N),
        row(T::Whale, 2600, Unfair, 470, N),
        row(T::Leviathan, 2700, Unfair, 470, N),
        row(T::RemotePair, 2800, Hard, 110, Y),
        row(T::BugPlus1, 2900, Hard, 100, Y),
        row(T::Skyscraper, 3000, Hard, 130, Y),
        row(T::TwoStringKite, 3100, Hard, 150, Y),
        row(T::TurbotFish, 3120, Hard, 120, Y),
        row(T::EmptyRectangle, 3170, Hard, 120, Y),
        row(T::WWing, 3200, Hard, 150, Y),
        row(T::XyWing, 3300, Hard, 160, Y),
        row(T::XyzWing, 3400, Hard, 180, Y),
        row(T::Uniqueness1, 3500, Hard, 100, Y),
        row(T::Uniqueness2, 3600, Hard, 100, Y),
        row(T::Uniqueness3, 3700, Hard, 100, Y),
        row(T::Uniqueness4, 3800, Hard, 100, Y),
        row(T::Uniqueness5, 3900, Hard, 100, Y),
        row(T::Uniqueness6, 4000, Hard, 100, Y),
        row(T::HiddenRectangle, 4010, Hard, 100, Y),
        row(T::AvoidableRectangle1, 4020, Hard, 100, Y),
        row(T::AvoidableRectangle2, 4030, Hard, 100, Y),
        row(T::FinnedXWing, 4100, Hard, 130, Y),
        row(T::SashimiXWing, 4200, Hard, 150, Y),
        row(T::FinnedSwordfish, 4300, Unfair, 200, Y),
        row(T::SashimiSwordfish, 4400, Unfair, 240, Y),
        row(T::FinnedJellyfish, 4500, Unfair, 250, Y),
        row(T::SashimiJellyfish, 4600, Unfair, 260, Y),
        row(T::FinnedSquirmbag, 4700, Unfair, 470, N),
        row(T::SashimiSquirmbag, 4800, Unfair, 470, N),
        row(T::FinnedWhale, 4900, Unfair, 470, N),
        row(T::SashimiWhale, 5000, Unfair, 470, N),
        row(T::FinnedLeviathan, 5100, Unfair, 470, N),
        row(T::SashimiLeviathan, 5200, Unfair, 470, N),
        row(T::SueDeCoq, 5300, Unfair, 250, Y),
        row(T::SimpleColors, 5330, Hard, 150, Y),
        row(T::MultiColors, 5360, Hard, 200, Y),
        row(T::XChain, 5400, Unfair, 260, Y),
        row(T::XyChain, 5500, Unfair, 260, Y),
        row(T::NiceLoop, 5600, Unfair, 280, Y),
        row(T::GroupedNiceLoop, 5650, Unfair, 300, Y),
        row(T::AlsXz, 5700, Unfair, 300, Y),
        row(T::AlsXyWing, 5800, Unfair, 320, Y),
        row(T::AlsXyChain, 5900, Unfair, 340, Y),
        row(T::DeathBlossom, 6000, Unfair, 360, N),
        row(T::FrankenXWing, 6100, Unfair, 300, Y),
        row(T::FrankenSwordfish, 6200, Unfair, 350, Y),
        row(T::FrankenJellyfish, 6300, Unfair, 370, N),
        row(T::FrankenSquirmbag, 6400, Extreme, 470, N),
        row(T::FrankenWhale, 6500, Extreme, 470, N),
        row(T::FrankenLeviathan, 6600, Extreme, 470, N),
        row(T::FinnedFrankenXWing, 6700, Unfair, 390, Y),
        row(T::FinnedFrankenSwordfish, 6800, Unfair, 410, Y),
        row(T::FinnedFrankenJellyfish, 6900, Unfair, 430, N),
        row(T::FinnedFrankenSquirmbag, 7000, Extreme, 470, N),
        row(T::FinnedFrankenWhale, 7100, Extreme, 470, N),
        row(T::FinnedFrankenLeviathan, 7200, Extreme, 470, N),
        row(T::MutantXWing, 7300, Extreme, 450, N),
        row(T::MutantSwordfish, 7400, Extreme, 450, N),
        row(T::MutantJellyfish, 7500, Extreme, 450, N),
        row(T::MutantSquirmbag, 7600, Extreme, 470, N),
        row(T::MutantWhale, 7700, Extreme, 470, N),
        row(T::MutantLeviathan, 7800, Extreme, 470, N),
        row(T::FinnedMutantXWing, 7900, Extreme, 470, N),
        row(T::FinnedMutantSwordfish, 8000, Extreme, 470, N),
        row(T::FinnedMutantJellyfish, 8100, Extreme, 470, N),
        row(T::FinnedMutantSquirmbag, 8200, Extreme, 470, N),
        row(T::FinnedMutantWhale, 8300, Extreme, 470, N),
        row(T::FinnedMutantLeviathan, 8400, Extreme, 470, N),
        row(T::KrakenFish, 8450, Extreme, 500, N),
        row(T::ForcingChain, 8500, Extreme, 500, Y),
        row(T::ForcingNet, 8600, Extreme, 700, Y),
        row(T::TemplateSet, 8700, Extreme, 10000, N),
        row(T::TemplateDel, 8800, Extreme, 10000, N),
        row(T::BruteForce, 8900, Extreme, 10000, Y),
        row(T::GiveUp, 2147483647, Extreme, 20000, Y),
    ]
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

const fn row(
    technique: HodokuTechnique,
    index: u32,
    level: Level,
    score: u32,
    enabled: bool,
) -> Row {
    Row { technique, index, level, score, enabled }
}

impl HodokuTechnique {
    fn names(
        self,
    ) -> &'static (HodokuTechnique, &'static str, &'static str, &'static str, Option<HodokuTechnique>)
    {
        NAMES.iter().find(|n| n.0 == self).expect("every technique is named")
    }

    /// HoDoKu's name (`2-String Kite`).
    #[must_use]
    pub fn name(self) -> &'static str {
        self.names().1
    }

    /// HoDoKu's short name (`2sk`), as its command line and exemplar tags write it.
    #[must_use]
    pub fn short_name(self) -> &'static str {
        self.names().2
    }

    /// The technique's code in HoDoKu's regression library (`0401`; `xxxx` where it has none).
    #[must_use]
    pub fn library_code(self) -> &'static str {
        self.names().3
    }

    /// The row of the step table that finds it and scores it (itself, for a row).
    #[must_use]
    pub fn row(self) -> &'static Row {
        let of = self.names().4.unwrap_or(self);
        STEP_TABLE.iter().find(|r| r.technique == of).expect("every technique has a row")
    }

    /// The technique of a library code (case aside; a siamese fish's code ends in an extra
    /// `1`).
    #[must_use]
    pub fn from_library_code(code: &str) -> Option<HodokuTechnique> {
        let find = |c: &str| {
            NAMES.iter().find(|n| n.3 != "xxxx" && n.3.eq_ignore_ascii_case(c)).map(|n| n.0)
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
        for n in NAMES {
            let _ = n.0.row();
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
