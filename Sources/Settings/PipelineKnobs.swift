// The experiment keys of the configuration tree: `skipSteps` switches OCR steps off by name, `tune` and `shelf.tune`
// set the pipelines' knobs (`key=value,...`), for measuring alternatives without rebuilding.
import Foundation
import PageReading
import Shelves

extension ImageProcessor.Config {
    /// Tuning knobs from the `tune` key (SNAPPOST_TUNE="key=value,…").
    mutating func applyTuning(_ list: String) {
        for (key, v) in PipelineKnobs.pairs(list) {
            switch key {
            case "xheight": targetXHeight = v
            case "illum": illumination = v == 0 ? .tiled : .morphological
            case "skewrange": deskewRangeDegrees = v
            case "dewarpgain": dewarpMinimumGain = v
            case "table": rereadsTables = v != 0
            case "linedewarp": dewarpMethod = v == 0 ? .leptonica : .textLines
            case "curl": straightensLines = v != 0
            case "minlines": dewarpMinLines = Int(v)
            case "psm": pageSegmentationMode = Int(v)
            case "multipsm": multiColumnPageSegmentationMode = v == 0 ? nil : Int(v)
            case "osdconf": orientationConfidenceThreshold = v
            case "soft": softEdgeSpread = v
            case "maxside": maxImageWidthForProcessing = Int(v)
            case "minconf": minimumLineConfidence = v
            case "upscale": maxUpscale = v
            case "bin": binarisation = v == 0 ? .none : v == 1 ? .otsu : .sauvola
            case "recover": recoversMissedText = v != 0
            case "thresholdcheck": thresholdCheckBelow = v
            case "order": reordersLines = v != 0
            case "halfjpeg": halfSizeJPEGLongSide = v == 0 ? nil : Int(v)
            case "split": splitsForParallelRecognition = v != 0
            case "page": detectsPage = v != 0
            case "furniture": pageFurniture = v == 0 ? .removed : .setApart
            default: PipelineKnobs.warn("unknown tuning key '\(key)' ignored")
            }
        }
    }

    /// Switches steps off by name ("page", "deskew"), from the `skipSteps` key or `snappost ocr --skip`: a step's
    /// name is its switch (`ImageProcessor.switchableStepNames`).
    mutating func skipSteps(_ names: [String]) {
        for name in names.map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            switch name {
            // Without the binarised page, the steps that read it (surface, facing, threshold, faint) have nothing to do.
            case "binarise": binarisation = .none
            default:
                if switchStep(name, on: false) { continue }
                if ImageProcessor.stepNames.contains(name) {
                    PipelineKnobs.warn("step '\(name)' runs for every reading and cannot be switched off; ignored")
                } else {
                    let names = ImageProcessor.switchableStepNames.joined(separator: ", ")
                    PipelineKnobs.warn("unknown step '\(name)' ignored (steps that can be switched off: \(names))")
                }
            }
        }
    }
}

extension ShelfAnalyser.Config {
    /// Knobs from the `shelf.tune` key (SNAPPOST_SHELF_TUNE="key=value,…").
    mutating func applyTuning(_ list: String) {
        for (key, v) in PipelineKnobs.pairs(list) {
            switch key {
            case "width": reader.targetWidth = v
            case "minwidth": reader.minimumWidth = v
            case "psm": reader.pageSegmentationMode = Int(v)
            case "lineconf": reader.minimumLineConfidence = v
            case "secondconf": reader.secondOrientationConfidence = v
            case "precision": matcher.minimumPrecision = v
            case "matchconf": matcher.minimumConfidence = v
            case "coverage": finder.minEdgeCoverage = v
            case "spinewidth": finder.minSpineWidth = v
            case "tilt": finder.maxTiltDegrees = v
            case "side": finder.workingLongSide = Int(v)
            case "inset": finder.cutInset = v
            case "second": reader.secondLook = v != 0
            case "uprightaspect": reader.uprightMinimumAspect = v
            case "secondinset": reader.secondLookInset = v
            case "skipsettled": reader.secondLookSkipsSettled = v != 0
            case "secondwidth": reader.secondLookWidth = v
            case "plainly": reader.plainlyReadScore = v
            default: PipelineKnobs.warn("unknown tuning key '\(key)' ignored")
            }
        }
    }
}

enum PipelineKnobs {
    /// The largest knob value taken (larger, or inf and nan, would trap where a knob becomes a count of pixels).
    static let largest = 1e7

    /// The `key=value,…` pairs of a tuning key whose value is a number; other items are skipped with a warning.
    static func pairs(_ list: String) -> [(key: String, value: Double)] {
        list.split(separator: ",").compactMap { pair in
            let kv = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard kv.count == 2, let value = Double(kv[1]) else { return nil }
            guard value.isFinite, abs(value) <= largest else {
                warn("tuning value '\(kv[1])' for '\(kv[0])' ignored: not a number within ±\(Int(largest))")
                return nil
            }
            return (kv[0], value)
        }
    }

    /// An experiment key names something that does not exist: said on standard error, never fatal.
    static func warn(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
