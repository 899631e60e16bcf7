// Prometheus metrics for one running app: requests, OCR and shelf steps, queue depth, AI latency and errors.
import Foundation
import Prometheus

/// The app's own metrics, in the registry it is given (the process-wide one in production; tests may pass a fresh one).
final class AppMetrics: Sendable {
    let registry: PrometheusCollectorRegistry

    init(registry: PrometheusCollectorRegistry) {
        self.registry = registry
    }

    private static let secondsBuckets: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32, 64]

    private static func name(_ subsystem: String, _ metric: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "snappost", subsystem: subsystem, metricName: metric, unitName: unit, helpText: help)
    }

    func recordRequest(route: String, method: String, status: Int, seconds: Double) {
        registry.makeCounter(
            descriptor: Self.name("http", "requests", "total", "HTTP requests by route, method and status."),
            labels: [("route", route), ("method", method), ("status", String(status))]
        ).increment()
        registry.makeValueHistogram(
            descriptor: Self.name("http", "request", "seconds", "HTTP request duration by route."),
            labels: [("route", route)], buckets: Self.secondsBuckets
        ).record(seconds)
    }

    func recordOCRStep(_ step: String, seconds: Double) {
        registry.makeValueHistogram(
            descriptor: Self.name("ocr", "step", "seconds", "Time spent in each OCR pipeline step."),
            labels: [("step", step)], buckets: Self.secondsBuckets
        ).record(seconds)
    }

    func recordShelfStep(_ step: String, seconds: Double) {
        registry.makeValueHistogram(
            descriptor: Self.name("shelf", "step", "seconds", "Time spent in each step of a shelf analysis."),
            labels: [("step", step)], buckets: Self.secondsBuckets
        ).record(seconds)
    }

    func setQueueDepth(_ depth: Int) {
        registry.makeGauge(descriptor: Self.name("ocr", "queue", "depth", "Photos being read or waiting for a worker.")).set(Double(depth))
    }

    func recordAI(writer: String, seconds: Double, errorCode: String?) {
        registry.makeValueHistogram(
            descriptor: Self.name("ai", "generation", "seconds", "Time to get five drafts from the writer."),
            labels: [("writer", writer)], buckets: Self.secondsBuckets
        ).record(seconds)
        if let errorCode {
            registry.makeCounter(
                descriptor: Self.name("ai", "errors", "total", "AI provider failures by kind."), labels: [("kind", errorCode)]
            ).increment()
        }
    }

    func render() -> String { registry.emitToString() }
}
