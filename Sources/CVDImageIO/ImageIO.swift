import CVDCore
