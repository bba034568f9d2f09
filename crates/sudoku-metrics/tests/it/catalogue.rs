//! The rating catalogue: specs read and print back, every entry builds the rating it names,
//! with the parameters it was given.

use sudoku_metrics::{
    AverageWidth, Depth, Difficulty, HumanEffort, HumanModel, NormalWidth, ParseRatingError,
    Rating, RatingKind, RatingValue, SeRater, SeTiebreak,
};

use crate::{EASY, INKALA_2012, grid};

#[test]
fn every_spec_prints_back_to_itself() {
    for kind in RatingKind::ALL {
        let plain = Rating::new(kind);
        assert_eq!(plain.to_string(), kind.name());
        assert_eq!(kind.name().parse::<Rating>(), Ok(plain));
        let tuned = plain.with_samples(7).with_budget(12_345).with_hidden_singles();
        assert_eq!(tuned.to_string().parse::<Rating>(), Ok(tuned), "{tuned}");
        // The built rating answers to the catalogue's name.
        assert_eq!(tuned.difficulty().name(), kind.name());
    }
    let se: Rating = "se-rating:tiebreak=work:budget=99".parse().unwrap();
    assert_eq!((se.tiebreak, se.budget), (SeTiebreak::Work, Some(99)));
    assert_eq!(se.to_string(), "se-rating:budget=99:tiebreak=work");
}

#[test]
fn bad_specs_say_what_is_wrong() {
    let unknown = "bogus".parse::<Rating>().unwrap_err();
    assert!(matches!(unknown, ParseRatingError::UnknownRating { .. }));
    assert!(unknown.to_string().contains("se-rating"), "lists the known names: {unknown}");
    let e = "depth:samples=3".parse::<Rating>().unwrap_err();
    assert_eq!(e.to_string(), "depth takes no parameter \"samples\"");
    let e = "average-width:samples=0".parse::<Rating>().unwrap_err();
    assert!(matches!(e, ParseRatingError::BadValue { .. }), "{e}");
    let e = "se-rating:tiebreak=best".parse::<Rating>().unwrap_err();
    assert!(e.to_string().contains("none, ep-ed or work"), "{e}");
    assert!("normal-width:singles=maybe".parse::<Rating>().is_err());
    assert!("normal-width:budget=lots".parse::<Rating>().is_err());
}

#[test]
fn catalogue_entries_equal_the_ratings_they_name() {
    let p = grid(INKALA_2012);
    let spec = |s: &str| s.parse::<Rating>().unwrap();
    assert_eq!(
        spec("depth").evaluate(&p, 0).unwrap(),
        RatingValue::Count(u64::from(Depth::default().evaluate(&p).unwrap()))
    );
    assert_eq!(
        spec("normal-width").rate(&p, 0).unwrap().to_bits(),
        (NormalWidth::default().evaluate(&p).unwrap().width as f64).to_bits()
    );
    assert_eq!(
        spec("average-width:samples=5").evaluate(&p, 3).unwrap(),
        RatingValue::Mean(AverageWidth::default().with_samples(5).evaluate(&p, 3).unwrap())
    );
    assert_eq!(
        spec("human-effort:runs=4").rate(&p, 9).unwrap().to_bits(),
        HumanEffort(HumanModel { runs: 4, ..HumanEffort::default().0 })
            .rate(&p, 9)
            .unwrap()
            .to_bits()
    );
    let se = SeRater::default().evaluate(&p).unwrap().0;
    assert_eq!(spec("se-rating").evaluate(&p, 0).unwrap(), RatingValue::Se(se, se.er));
    // A budget given in the spec is the one used.
    assert!(spec("normal-width:budget=10").rate(&p, 0).is_err());
    assert!(spec("se-rating:budget=100").rate(&p, 0).is_err());
}

#[test]
fn se_tiebreaks_stay_within_one_tenth_of_er() {
    for puzzle in [EASY, INKALA_2012] {
        let p = grid(puzzle);
        let er = SeRater::default().evaluate(&p).unwrap().0.er;
        for t in SeTiebreak::ALL {
            let (_, x) = SeRater::default().score(&p, t).unwrap();
            assert!(x >= er && x < er + 0.1, "{t:?} on {puzzle}: {x} vs ER {er}");
        }
    }
    // The hard puzzle does more work than the easy one.
    let work = |s: &str| {
        let (se, x) = SeRater::default().score(&grid(s), SeTiebreak::Work).unwrap();
        x - se.er
    };
    assert!(work(EASY).abs() < 1e-12, "singles only: no work beyond them");
    assert!(work(INKALA_2012) > 0.05);
}
