//! A checkpoint taken after k rounds, loaded and run k more, equals 2k rounds straight.

use tempering::{Budget, ExchangeConfig, Ladder, ReplicaExchange};

use crate::ising::Ising;

#[test]
fn checkpoint_and_resume_equal_an_uninterrupted_run() {
    let model = Ising { l: 6 };
    let make = || {
        let ladder = Ladder::geometric(0.1, 1.5, 5).unwrap().adaptive(0.7).unwrap();
        let config = ExchangeConfig { sweeps_per_round: 7, moves_per_sweep: 36 };
        ReplicaExchange::new(&model, vec![vec![-1; 36]; 5], ladder, config, 2024).unwrap()
    };
    let k = 7 * 150;
    let mut straight = make();
    let straight_report = straight.run(&model, &Budget::sweeps(2 * k), &mut ());

    let mut first = make();
    first.run(&model, &Budget::sweeps(k), &mut ());
    let saved = serde_json::to_string(&first).unwrap();
    drop(first);
    let mut resumed: ReplicaExchange<Vec<i8>> = serde_json::from_str(&saved).unwrap();
    let resumed_report = resumed.run(&model, &Budget::sweeps(2 * k), &mut ());

    assert_eq!(resumed_report, straight_report);
    assert_eq!(serde_json::to_string(&resumed).unwrap(), serde_json::to_string(&straight).unwrap());
}

#[test]
fn a_damaged_checkpoint_is_refused() {
    let model = Ising { l: 4 };
    let ladder = Ladder::linear(0.1, 1.0, 3).unwrap();
    let remc =
        ReplicaExchange::new(&model, vec![vec![1; 16]; 3], ladder, ExchangeConfig::default(), 1)
            .unwrap();
    let saved = serde_json::to_string(&remc).unwrap();
    let cut = &saved[..saved.len() / 2];
    assert!(serde_json::from_str::<ReplicaExchange<Vec<i8>>>(cut).is_err());
}
