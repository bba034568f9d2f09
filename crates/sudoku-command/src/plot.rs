//! SVG plot of a generation: the inverse temperatures and the replicas' energies against REMC
//! steps, as in Fig. 4 of Watanabe's paper.

use std::path::Path;

use plotters::prelude::*;
use sudoku_generate::RoundRecord;

/// Replicas drawn in the energy panel (the paper shows three of ten for legibility).
const ENERGY_LINES: usize = 3;

pub(crate) fn draw(path: &Path, history: &[RoundRecord]) -> anyhow::Result<()> {
    if history.is_empty() {
        anyhow::bail!("nothing to plot: no round of the width phase has run");
    }
    let root = SVGBackend::new(path, (1000, 800)).into_drawing_area();
    root.fill(&WHITE)?;
    let (top, bottom) = root.split_vertically(400);
    let x_max = history.last().map_or(1, |r| r.sweep).max(1) as f64;
    let m = history[0].betas.len();

    let beta_max = history.iter().flat_map(|r| r.betas.iter().copied()).fold(0.0, f64::max) * 1.05;
    let mut chart = ChartBuilder::on(&top)
        .caption("inverse temperatures", ("sans-serif", 20))
        .margin(10)
        .x_label_area_size(35)
        .y_label_area_size(60)
        .build_cartesian_2d(0.0..x_max, 0.0..beta_max.max(1e-9))?;
    chart.configure_mesh().x_desc("REMC steps").y_desc("beta").draw()?;
    for k in 0..m {
        let color = Palette99::pick(k).to_rgba();
        chart.draw_series(LineSeries::new(
            history.iter().map(|r| (r.sweep as f64, r.betas[k])),
            color,
        ))?;
    }

    let finite = |e: f64| e.is_finite().then_some(e);
    let energies: Vec<f64> =
        history.iter().flat_map(|r| r.energies.iter().copied().filter_map(finite)).collect();
    let (lo, hi) =
        energies.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &e| (l.min(e), h.max(e)));
    let pad = ((hi - lo) * 0.05).max(1.0);
    let mut chart = ChartBuilder::on(&bottom)
        .caption("energies at the coldest, middle and hottest temperature", ("sans-serif", 20))
        .margin(10)
        .x_label_area_size(35)
        .y_label_area_size(60)
        .build_cartesian_2d(0.0..x_max, (lo - pad)..(hi + pad))?;
    chart.configure_mesh().x_desc("REMC steps").y_desc("energy").draw()?;
    let slots: Vec<usize> =
        if m <= ENERGY_LINES { (0..m).collect() } else { vec![m - 1, m / 2, 0] };
    for (i, &k) in slots.iter().enumerate() {
        let color = Palette99::pick(i * 3).to_rgba();
        let points =
            history.iter().filter_map(|r| finite(r.energies[k]).map(|e| (r.sweep as f64, e)));
        chart
            .draw_series(LineSeries::new(points, color))?
            .label(format!("beta slot {}", k + 1))
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color));
    }
    chart.configure_series_labels().background_style(WHITE.mix(0.8)).border_style(BLACK).draw()?;
    root.present()?;
    Ok(())
}
