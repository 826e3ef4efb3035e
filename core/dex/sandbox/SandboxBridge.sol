// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// The sandbox bridge of the local test chains (lock and release). On the source chain a deposit
/// locks the tokens and emits `Deposited`; the relayer (core/crosschain/sandbox-bridge-relayer.ts)
/// sees it and, on the destination chain, releases the same token, less the fee, from the bridge's
/// liquidity to the recipient, once per deposit (`Released`).
contract SandboxBridge {
    using SafeERC20 for IERC20;

    address public immutable relayer;
    /// The bridge's fee in basis points of the amount deposited.
    uint16 public immutable feeBps;
    uint256 public depositCount;
    /// source chain id => deposit id => released
    mapping(uint256 => mapping(uint256 => bool)) public released;

    event Deposited(
        uint256 indexed id,
        uint256 indexed toChainId,
        address indexed token,
        address sender,
        address recipient,
        uint256 amount,
        uint256 amountOut
    );
    event Released(
        uint256 indexed fromChainId,
        uint256 indexed depositId,
        address indexed token,
        address recipient,
        uint256 amount
    );

    constructor(address relayer_, uint16 feeBps_) {
        require(feeBps_ < 10_000, "fee too high");
        relayer = relayer_;
        feeBps = feeBps_;
    }

    function deposit(address token, uint256 amount, uint256 toChainId, address recipient) external returns (uint256 id) {
        require(amount > 0, "nothing to bridge");
        require(toChainId != block.chainid, "same chain");
        require(recipient != address(0), "no recipient");
        IERC20(token).safeTransferFrom(msg.sender, address(this), amount);
        id = ++depositCount;
        uint256 amountOut = amount - (amount * feeBps) / 10_000;
        emit Deposited(id, toChainId, token, msg.sender, recipient, amount, amountOut);
    }

    function release(uint256 fromChainId, uint256 depositId, address token, address recipient, uint256 amount) external {
        require(msg.sender == relayer, "only the relayer");
        require(!released[fromChainId][depositId], "already released");
        released[fromChainId][depositId] = true;
        IERC20(token).safeTransfer(recipient, amount);
        emit Released(fromChainId, depositId, token, recipient, amount);
    }
}
