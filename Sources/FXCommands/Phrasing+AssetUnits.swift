import FXModel

/// Units that are a fixed fraction of an asset (AssetCatalog's `units`): `1000 sats` is
/// `(1000 / 100000000) btc`, so the amount stays exact and the asset's own rate prices it.
extension Phrasing {
    static func assetUnits(_ tokens: inout [Token], from start: Int, read: inout [Understood]) {
        var index = start
        while index + 1 < tokens.count {
            defer { index += 1 }
            let amount = tokens[index], unitToken = tokens[index + 1]
            guard amount.text.first?.isNumber == true || amount.text.first == ".",
                let unit = AssetCatalog.standard.units.first(where: { $0.word == unitToken.folded || $0.word == unitToken.folded + "s" })
            else { continue }
            read.append(.unit(word: unitToken.text, asset: unit.asset, perAsset: unit.perAsset))
            let replaced =
                fraction(amount, times: nil, over: "\(unit.perAsset)", at: unitToken)
                + [Token(unit.asset.rawValue.lowercased(), start: unitToken.start, end: unitToken.end)]
            tokens.replaceSubrange(index...(index + 1), with: replaced)
            index += replaced.count - 1
        }
    }
}
