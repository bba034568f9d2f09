//! Each tabling technique on a small position from HoDoKu's solving paths: the step found is
//! HoDoKu's, word for word (forcing chains and nets with their chain lines).

use super::grid::Grid;
use super::{Ctx, HodokuTechnique as T, LibraryCase, Options, finders};

/// The first step of `row` on the position of library line `line`.
fn first(line: &str, row: T) -> super::Found {
    let case: LibraryCase = line.parse().expect("a library line");
    let mut g = Grid::from_marks(&case.marks, case.givens);
    let ctx = Ctx::new(Options::default(), None);
    finders::first(row, &mut g, &ctx).expect("a step")
}

/// Checks the step's text, that it draws its chain and that it eliminates or places.
fn check(line: &str, row: T, technique: T, text: &[&str]) {
    let f = first(line, row);
    assert_eq!(f.technique, technique);
    assert_eq!(f.text, text.join("\n  "));
    assert!(!f.pattern.is_empty());
    assert!(f.eliminations.len() + f.placements.len() > 0);
}

#[test]
fn continuous_nice_loop() {
    check(
        ":0000:x:.+45.8.9.......5.47.2.4..5...6..2.3.+4.7+2.+4.+68+1..4.1..9...3+1.4.2.21.9..+4..+4.6.3.1..:111 311 619 624 131 731 133 736 936 562 564 764 571 775 579 685 786 588 788 889 594 796 599::",
        T::NiceLoop,
        T::ContinuousNiceLoop,
        &[
            "Continuous Nice Loop: 6 9= r3c5 =7= r3c3 -7- r1c1 -6- r2c1 =6= r2c5 =9= r3c5 =7 => r3c15<>6",
        ],
    );
}

#[test]
fn discontinuous_nice_loop() {
    let line = ":0000:x:+1.....+9.5..2.19.....876.1.+3.1+3..6..75...8+3.12....+7+13.9..1.2..94..96.4..+1..+5+1+97...:412 413 214 622 441 841 444 544 547 452 461 462 868 871 872 677 877 288 588 691 292 392 692 298::";
    check(
        line,
        T::NiceLoop,
        T::DiscontinuousNiceLoop,
        &["Discontinuous Nice Loop: 8 r8c7 -8- r4c7 -4- r4c5 -5- r8c5 =5= r8c7 => r8c7<>8"],
    );
    let f = first(line, T::NiceLoop);
    assert_eq!(f.eliminations, vec![(toc(8, 7), 8)]);
    assert_eq!(f.chain_length, Some(6));
}

/// The cell index of `r<r>c<c>`.
fn toc(r: u8, c: u8) -> u8 {
    (r - 1) * 9 + c - 1
}

#[test]
fn aic() {
    check(
        ":0000:x:.8...2..73.+25.+7..1.74.932..4..+75..+2.2.7.......+5...67.9+9.56.1.+7.....7..5.+72.3.+59..:143 343 843 864 865 868 477 682 487::",
        T::NiceLoop,
        T::Aic,
        &["AIC: 6 6- r1c5 =6= r2c5 =8= r3c4 -8- r3c8 -6 => r1c78<>6"],
    );
}

#[test]
fn grouped_continuous_nice_loop() {
    check(
        ":0000:x:....174...3..+2...1+1.+469..5.45+3+18...2..8.3.1.+46+1..7.+538.4..62.+1.9...+5+1.4...194....:212 812 523 826 837 758 379 779 891 292 399::",
        T::GroupedNiceLoop,
        T::GroupedContinuousNiceLoop,
        &[
            "Grouped Continuous Nice Loop: 3/5/7 8= r7c1 =3= r9c1 -3- r9c6 -8- r3c6 =8= r3c2 -8- r12c1 =8= r7c1 =3 => r9c7<>3, r7c1<>5, r7c1<>7",
        ],
    );
}

#[test]
fn grouped_discontinuous_nice_loop() {
    check(
        ":0000:x:...548.....+5.2.....8.3+76.5..5.....1...7.1+52..62+1.3..753...+5...857.....36..9..+35..:319 121 921 122 922 127 927 928 129 929 444 644 844 944 446 946 974 976 884 987::",
        T::GroupedNiceLoop,
        T::GroupedDiscontinuousNiceLoop,
        &[
            "Grouped Discontinuous Nice Loop: 4 r8c3 -4- r3c3 -2- r13c1 =2= r9c1 =8= r8c3 => r8c3<>4",
        ],
    );
}

#[test]
fn grouped_aic() {
    check(
        ":0000:x:..1+4+9...549+8.7.+6+31.5..8.+92+4.8..64..9.+4.......1..83..4..7+4.1..6.6...4..928.....4..:711 216 251 557 976 386 593 396::",
        T::GroupedNiceLoop,
        T::GroupedAic,
        &["Grouped AIC: 5 5- r8c3 =5= r7c1 =2= r7c46 -2- r9c5 -5 => r8c46<>5"],
    );
}

#[test]
fn forcing_chain_contradiction() {
    check(
        ":0000:x:+5.6..1.+2..43..2.5.1....+346.4...3.9.....1.9.....5.8...2.57.....6.8.9..27....3..5..:829 351 455 357 359 361 468 874 478 878 485 486 292 495 496 999::",
        T::ForcingChain,
        T::ForcingChainContradiction,
        &[
            "Forcing Chain Contradiction in r3 => r5c9<>8",
            "r5c9=8 r5c1<>8 r2c1=8 r3c3<>8",
            "r5c9=8 r5c9<>5 r5c5=5 r3c5<>5 r3c4=5 r3c4<>8",
            "r5c9=8 r3c9<>8",
        ],
    );
}

#[test]
fn forcing_chain_verity() {
    check(
        ":0000:x:.3+479.6+2+8.+76+8.21..8.2....7..45.+7+89+6..+8..1...+7..7...38.+76....8.4..86..7....1.87.9+6:525 532 334 434 435 535 136 536 351 354 454 456 956 961 262 374 281 381 581 982 285 386 586 588 189 291 591 294 594::",
        T::ForcingChain,
        T::ForcingChainVerity,
        &[
            "Forcing Chain Verity => r5c4<>5",
            "r3c4=5 r5c4<>5",
            "r3c7=5 r3c7<>4 r5c7=4 r5c8<>4 r5c8=5 r5c4<>5",
            "r3c9=5 r6c9<>5 r5c78=5 r5c4<>5",
        ],
    );
}

#[test]
fn forcing_net_contradiction() {
    check(
        ":0000:x:1.......2.3.4...5...6...7...5.9.4......+123+5.....8...9...2...6...9...8.4.7.......1:626 669::",
        T::ForcingNet,
        T::ForcingNetContradiction,
        &[
            "Forcing Net Contradiction in r7c9 => r2c6<>7",
            "r2c6=7 (r2c6<>1) r2c6<>2 r2c1=2 r3c2<>2 r6c2=2 r6c2<>1 r7c2=1 r7c6<>1 r3c6=1 (r3c6<>2) r3c8<>1 r4c8=1 r4c8<>2 r9c8=2 r9c6<>2 r2c6=2 r2c6<>7",
        ],
    );
}

#[test]
fn forcing_net_verity() {
    check(
        ":0000:x:.2...67..4...8..3....2......+4.....+753+7+6.4..1...5..76...34..8.9..81.9.4..9........:114 514 127 927 129 929 131 632 245 247 969 174 175 575 675 277 279 281 295 197 297 199 299::",
        T::ForcingNet,
        T::ForcingNetVerity,
        &[
            "Forcing Net Verity => r1c9<>8",
            "r2c2=1 (r1c1<>1) (r3c2<>1) r6c2<>1 r6c2=9 r3c2<>9 r3c2=5 r1c1<>5 r1c1=8 r1c9<>8",
            "r3c2=1 (r3c9<>1) r3c7<>1 r7c7=1 r7c9<>1 r1c9=1 r1c9<>8",
            "r6c2=1 r6c2<>9 (r6c4=9 r1c4<>9) r4c3=9 r1c3<>9 r1c9=9 r1c9<>8",
        ],
    );
}

/// The regression tester's searches list HoDoKu's steps sorted (a loop's extra field is its
/// length in links).
#[test]
fn regression_library_cases() {
    for line in [
        ":0706:124579:548..+3...+63....8..1+2.+8....3+972.+386..+4.....3..+3...47..9+71+43+8+5+92+62569+7..+3+8+8+9+3.6.7..::114 118 124 214 224 496 524 538 718 925 926 936 955::13",
        ":0707-1:2348:.+4..6.1.+2.275..+4+96.....43.84+1...798+5....5.2.1......+6.+7..4....+1+3.619...24.3...1.+6+9::264 364 464 864::7",
        ":0708-1:5:+2......69+98..2.13+7+71.....+24..+9....+5..4...9.7.+5671+329+4+8+6.1....8+33......+9+6+4+9867+32+15::513 523 533 572 582::9",
        ":0709-1:1238:.+5243+19+6..3+67...1519.....2.2.......694.......+5+6....74+93.9......6.+5.1.....8.5..69.:825 826 833 837 839 254 255 256 779 789 495 496 499 799:143 153 275 276 286 364 399 864::7",
        ":0710-1:38:....7..9.429.5...16..........1+5+94.2.95+2.63..+8...8....+9..6..5....3.2.1+9+67........4:517 335 435 835 537 737 538 738 467 468 374 474 591 593 394 896:375 875::11",
        ":0711-1:6:3.2....1.+1..97........+1....5..+18.6....15...7..8.+74.+1..9....1.27.1.4.......5..79.+1::612 616 619 626 634 636::7",
    ] {
        let case: LibraryCase = line.parse().expect("a library line");
        assert_eq!(case.check(), super::CaseOutcome::Passed, "{line}");
    }
}
